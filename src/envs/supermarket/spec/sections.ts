import type { Storage } from "../../../core/vocabulary.js";

export type FixtureKind =
  | "shelf"
  | "wall_shelf"
  | "chest_freezer"
  | "upright_freezer"
  | "open_cooler"
  | "produce_stand";

export interface SectionDef {
  /** Fixture id in the layout. */
  id: string;
  kind: FixtureKind;
  storage: Storage;
  /** Shopper-facing name, printed on the fixture's sign. */
  name: string;
  /** What belongs here (authoring guidance). */
  holds: string;
  /** Products whose primary place is this fixture. */
  count: number;
}

/**
 * The 29 fixtures of the supermarket and what each holds (paper, Appendix A.3: 12 shelves for ambient
 * foods and everyday goods, 3 chest and 8 upright freezers, 4 open coolers, 2 produce stands). The
 * counts add up to the catalog's 233 products.
 */
export const SECTIONS: readonly SectionDef[] = [
  {
    id: "shelf-01",
    kind: "shelf",
    storage: "ambient",
    name: "Breakfast & Cereal",
    count: 11,
    holds: "cereal, oatmeal, granola, pancake mix, syrup, breakfast bars",
  },
  {
    id: "shelf-02",
    kind: "shelf",
    storage: "ambient",
    name: "Coffee, Tea & Spreads",
    count: 10,
    holds: "coffee, tea, cocoa, peanut butter, jam, honey, hazelnut spread",
  },
  {
    id: "shelf-03",
    kind: "shelf",
    storage: "ambient",
    name: "Pasta, Rice & International",
    count: 10,
    holds: "dry pasta, rice, pasta sauce, taco kits, noodles, international sauces",
  },
  {
    id: "shelf-04",
    kind: "shelf",
    storage: "ambient",
    name: "Canned Goods & Soup",
    count: 10,
    holds: "canned vegetables, beans, tomatoes, tuna, soup, broth, chili",
  },
  {
    id: "shelf-05",
    kind: "shelf",
    storage: "ambient",
    name: "Condiments, Oils & Spices",
    count: 10,
    holds: "ketchup, mustard, mayonnaise, dressings, oils, vinegar, spices, seasoning mixes",
  },
  {
    id: "shelf-06",
    kind: "shelf",
    storage: "ambient",
    name: "Baking & Holiday",
    count: 11,
    holds: "flour, sugar, baking mixes, chocolate chips, frosting, stuffing, cranberry sauce, pumpkin, gravy",
  },
  {
    id: "shelf-07",
    kind: "shelf",
    storage: "ambient",
    name: "Snacks, Cookies & Candy",
    count: 13,
    holds: "chips, pretzels, popcorn, crackers, nuts, cookies, candy, chocolate",
  },
  {
    id: "shelf-08",
    kind: "shelf",
    storage: "ambient",
    name: "Beverages",
    count: 9,
    holds: "soda, sparkling water, bottled water, sports drinks, shelf-stable juice, drink mixes",
  },
  {
    id: "shelf-09",
    kind: "wall_shelf",
    storage: "ambient",
    name: "Household Cleaning",
    count: 7,
    holds:
      "all-purpose cleaner, disinfecting wipes, glass cleaner, bleach, dish soap, sponges, floor cleaner",
  },
  {
    id: "shelf-10",
    kind: "wall_shelf",
    storage: "ambient",
    name: "Laundry & Paper Goods",
    count: 7,
    holds:
      "laundry detergent, fabric softener, paper towels, toilet paper, trash bags, foil, food-storage bags",
  },
  {
    id: "shelf-11",
    kind: "wall_shelf",
    storage: "ambient",
    name: "Personal Care",
    count: 4,
    holds: "hand soap, shampoo, toothpaste, body wash",
  },
  {
    id: "shelf-12",
    kind: "wall_shelf",
    storage: "ambient",
    name: "Pet Care",
    count: 7,
    holds: "dry dog food, wet cat food, dog treats, cat treats, cat litter, puppy food",
  },
  {
    id: "chest-freezer-1",
    kind: "chest_freezer",
    storage: "frozen",
    name: "Frozen Meat & Poultry",
    count: 4,
    holds: "frozen chicken, turkey, burger patties, meatballs",
  },
  {
    id: "chest-freezer-2",
    kind: "chest_freezer",
    storage: "frozen",
    name: "Frozen Seafood",
    count: 5,
    holds: "cod, tilapia, shrimp, salmon, breaded fish",
  },
  {
    id: "chest-freezer-3",
    kind: "chest_freezer",
    storage: "frozen",
    name: "Holiday & Party Frozen",
    count: 2,
    holds: "frozen pie crust, frozen pumpkin pie, party platters",
  },
  {
    id: "upright-freezer-1",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Ice Cream",
    count: 6,
    holds: "ice cream pints and tubs, frozen yogurt",
  },
  {
    id: "upright-freezer-2",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Treats",
    count: 4,
    holds: "ice cream bars, popsicles, sorbet, whipped topping",
  },
  {
    id: "upright-freezer-3",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Meals",
    count: 6,
    holds: "single-serve entrees, family meals, bowls",
  },
  {
    id: "upright-freezer-4",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Pizza",
    count: 5,
    holds: "frozen pizza, pizza rolls, flatbreads",
  },
  {
    id: "upright-freezer-5",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Breakfast",
    count: 5,
    holds: "waffles, pancakes, breakfast sandwiches, burritos",
  },
  {
    id: "upright-freezer-6",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Vegetables",
    count: 6,
    holds: "frozen peas, broccoli, mixed vegetables, corn, spinach",
  },
  {
    id: "upright-freezer-7",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Fruit & Sides",
    count: 5,
    holds: "frozen berries, fries, hash browns, garlic bread",
  },
  {
    id: "upright-freezer-8",
    kind: "upright_freezer",
    storage: "frozen",
    name: "Frozen Appetizers",
    count: 5,
    holds: "mozzarella sticks, egg rolls, wings, dumplings, veggie burgers",
  },
  {
    id: "open-cooler-1",
    kind: "open_cooler",
    storage: "chilled",
    name: "Milk, Eggs & Butter",
    count: 12,
    holds: "milk, plant milk, eggs, butter, cream, creamer",
  },
  {
    id: "open-cooler-2",
    kind: "open_cooler",
    storage: "chilled",
    name: "Yogurt & Cheese",
    count: 13,
    holds: "yogurt, cheese blocks, shredded cheese, string cheese, cream cheese",
  },
  {
    id: "open-cooler-3",
    kind: "open_cooler",
    storage: "chilled",
    name: "Fresh Meat & Deli",
    count: 12,
    holds: "chicken breast, ground beef, bacon, sausages, sliced turkey, ham, salami",
  },
  {
    id: "open-cooler-4",
    kind: "open_cooler",
    storage: "chilled",
    name: "Juice, Dips & Fresh Pasta",
    count: 10,
    holds: "orange juice, hummus, salsa, guacamole, fresh pasta, tortillas, chilled drinks",
  },
  {
    id: "produce-stand-1",
    kind: "produce_stand",
    storage: "produce",
    name: "Fresh Fruit",
    count: 12,
    holds: "apples, bananas, oranges, berries, grapes, lemons, avocados",
  },
  {
    id: "produce-stand-2",
    kind: "produce_stand",
    storage: "produce",
    name: "Fresh Vegetables",
    count: 12,
    holds: "potatoes, onions, carrots, broccoli, lettuce, tomatoes, peppers, garlic",
  },
];

export const SUPERMARKET_THEMES = [
  { id: "breakfast-preparation", name: "Breakfast preparation" },
  { id: "household-replenishment", name: "Household replenishment" },
  { id: "dinner-preparation", name: "Dinner preparation" },
  { id: "social-gatherings", name: "Social gatherings" },
  { id: "pet-care", name: "Pet care" },
  { id: "household-cleaning", name: "Household cleaning" },
  { id: "holiday-shopping", name: "Holiday shopping" },
] as const;
