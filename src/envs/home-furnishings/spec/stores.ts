export interface AreaDef {
  id: string;
  name: string;
  /** What belongs here (authoring guidance). */
  holds: string;
  /** Products whose primary place is this area. */
  count: number;
}

export interface StoreDef {
  id: string;
  name: string;
  description: string;
  areas: AreaDef[];
}

/**
 * The seven walled stores of the Home Furnishings Store and their 24 display areas (paper,
 * Appendix A.3). Area counts add up to the catalog's 222 products; 7 stores + 24 areas are the 31
 * navigation targets.
 */
export const STORES: readonly StoreDef[] = [
  {
    id: "atelier-prime",
    name: "Atelier Prime",
    description: "Modern living-room furniture",
    areas: [
      {
        id: "ap-sofas",
        name: "Sofas & Lounge",
        count: 9,
        holds: "sofas, loveseats, chaise longues, sofa beds",
      },
      {
        id: "ap-armchairs",
        name: "Armchairs & Accent Seating",
        count: 10,
        holds: "armchairs, lounge chairs, footstools, ottomans, poufs",
      },
      {
        id: "ap-tables",
        name: "Coffee & Side Tables",
        count: 9,
        holds: "coffee tables, side tables, nesting tables, console tables",
      },
      {
        id: "ap-media",
        name: "Media & Display",
        count: 8,
        holds: "TV benches, media units, display cabinets, rugs",
      },
    ],
  },
  {
    id: "leather-and-ink",
    name: "Leather and Ink",
    description: "Study and office furniture",
    areas: [
      {
        id: "li-desks",
        name: "Desks",
        count: 9,
        holds: "writing desks, computer desks, standing desks, corner desks",
      },
      {
        id: "li-chairs",
        name: "Office Chairs",
        count: 8,
        holds: "office chairs, swivel chairs, desk stools, conference chairs",
      },
      {
        id: "li-bookcases",
        name: "Bookcases & Shelving",
        count: 9,
        holds: "bookcases, shelving units, wall-standing shelves",
      },
      {
        id: "li-storage",
        name: "Filing & Office Storage",
        count: 8,
        holds: "drawer units, filing cabinets, office cabinets, desk organisers",
      },
    ],
  },
  {
    id: "light-logic",
    name: "Light Logic",
    description: "Indoor lighting",
    areas: [
      {
        id: "ll-floor",
        name: "Floor Lamps",
        count: 10,
        holds: "floor lamps, arc lamps, uplighters, tripod lamps",
      },
      {
        id: "ll-table",
        name: "Table & Desk Lamps",
        count: 11,
        holds: "table lamps, desk lamps, work lamps, clip lamps",
      },
      {
        id: "ll-night",
        name: "Reading & Night Lights",
        count: 9,
        holds: "reading lamps, bedside lamps, night lights, dimmable lamps, lanterns",
      },
    ],
  },
  {
    id: "nordic-nest",
    name: "Nordic Nest",
    description: "Scandinavian everyday home furnishings",
    areas: [
      {
        id: "nn-bedroom",
        name: "Bedroom",
        count: 9,
        holds: "bed frames, daybeds, nightstands, bedside tables",
      },
      {
        id: "nn-dining",
        name: "Dining",
        count: 9,
        holds: "dining tables, dining chairs, benches, bar stools",
      },
      {
        id: "nn-wardrobes",
        name: "Wardrobes & Drawers",
        count: 9,
        holds: "wardrobes, chests of drawers, dressers",
      },
      {
        id: "nn-storage",
        name: "Everyday Storage",
        count: 9,
        holds: "shelving units, cabinets, storage benches, trolleys, storage boxes",
      },
    ],
  },
  {
    id: "play-cation",
    name: "Play-cation",
    description: "Gaming, sports and children's play equipment",
    areas: [
      {
        id: "pc-gaming",
        name: "Gaming Corner",
        count: 10,
        holds: "gaming chairs, gaming desks, bean bags, headset stands",
      },
      {
        id: "pc-sports",
        name: "Sports & Fitness",
        count: 10,
        holds: "yoga mats, dumbbells, balls, skateboards, fitness benches",
      },
      {
        id: "pc-kids",
        name: "Kids' Play",
        count: 10,
        holds: "children's tables and chairs, toy storage, play tents, rocking toys, children's beds",
      },
    ],
  },
  {
    id: "the-plant",
    name: "The Plant",
    description: "Plants and planters",
    areas: [
      {
        id: "tp-plants",
        name: "Indoor Plants",
        count: 10,
        holds: "potted indoor plants: monstera, fiddle-leaf fig, snake plant, pothos, palms",
      },
      {
        id: "tp-planters",
        name: "Planters & Pots",
        count: 10,
        holds: "ceramic, terracotta, concrete and woven planters; self-watering pots",
      },
      {
        id: "tp-stands",
        name: "Plant Stands & Shelves",
        count: 8,
        holds: "plant stands, plant shelves, hanging-planter stands, watering cans",
      },
    ],
  },
  {
    id: "vicotian-curio-collection",
    name: "Vicotian Curio Collection",
    description: "Classical furniture and vintage ornaments",
    areas: [
      {
        id: "vc-parlour",
        name: "Classic Parlour",
        count: 10,
        holds: "wing chairs, chesterfield sofas, classic side tables, tufted ottomans",
      },
      {
        id: "vc-cabinets",
        name: "Curio Cabinets & Classic Storage",
        count: 9,
        holds: "glass-door curio cabinets, classic bookcases, sideboards, secretaries",
      },
      {
        id: "vc-ornaments",
        name: "Vintage Ornaments",
        count: 9,
        holds: "mantel clocks, vases, candlesticks, mirrors, figurines, globes",
      },
    ],
  },
];

export const HOME_FURNISHINGS_THEMES = [
  { id: "reading-and-night-lighting", name: "Reading and night-time lighting" },
  { id: "home-office-setup", name: "Home-office setup" },
  { id: "storage", name: "Storage" },
  { id: "plant-displays", name: "Plant displays" },
  { id: "family-activities", name: "Family activities" },
  { id: "room-furnishing", name: "Room furnishing" },
] as const;
