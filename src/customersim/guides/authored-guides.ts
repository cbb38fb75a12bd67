/** Buying-guide passages authored for siturec (MIT), consistent with the domain knowledge. */
export type Passage = [title: string, text: string];

export const APPAREL_GUIDE: Passage[] = [
  [
    "Reading a fabric label",
    "The composition label lists each fibre and its share, largest first, and decides how a garment behaves more than its name does. A blend takes after the fibre it has most of: an 80% cotton, 20% polyester hoodie feels and breathes like cotton; a 60% polyester tee behaves like polyester.",
  ],
  [
    "Moisture-wicking fabrics for sport",
    "Polyester, nylon, spandex, bamboo and merino wool pull sweat away from the skin so it can evaporate. A garment wicks when at least 60% of it is made of these fibres. Cotton, denim, linen and rayon soak sweat up and stay damp, so they are poor choices for running or the gym.",
  ],
  [
    "Breathable fabrics for hot weather",
    "Cotton, linen, bamboo, modal, lyocell, silk and wool let air through; a garment that is at least half these fibres is breathable. Fully synthetic fabrics such as polyester and nylon trap heat. Linen and cotton are the classic summer choices.",
  ],
  [
    "Sensitive skin and allergies",
    "For eczema-prone or sensitive skin, choose garments that are at least 90% cotton, organic cotton, silk, bamboo, modal, lyocell or linen. Wool can itch and irritate, and many synthetics trap heat and sweat against the skin.",
  ],
  [
    "Staying dry in the rain",
    "Shells that are mostly nylon or PU (polyurethane, also sold as faux leather) keep rain out, and so does any garment with a water-repellent finish. Cotton canvas and denim soak through: they are not rain gear, whatever their cut.",
  ],
  [
    "Staying warm",
    "Wool, merino, cashmere and acrylic knits hold heat, as do fleece and sherpa and any insulated (puffer) garment. Merino is warm yet wicks, which makes it a favourite for winter sport.",
  ],
  [
    "Care labels",
    "Machine wash cold or warm means an easy life. Hand wash, dry clean only and spot clean only items (often wool, silk, cashmere, tailored blazers and faux leather) need more time and money to look after.",
  ],
  [
    "Stretch and fit",
    "Even 2% spandex (elastane) gives a garment noticeable stretch and recovery. Skinny and slim fits sit close to the body; regular and straight fits skim it; relaxed and oversized fits leave room to move and layer.",
  ],
  [
    "Vegan wardrobes",
    "Vegan shoppers avoid animal fibres: wool, merino, cashmere and silk. Cotton, linen, bamboo, lyocell and synthetics (including PU faux leather) are animal-free.",
  ],
];

export const WATCH_GUIDE: Passage[] = [
  [
    "Check your phone first",
    "A smart watch pairs with a phone, and not every watch pairs with every phone. Apple Watch works only with an iPhone. Samsung Galaxy Watch, Google Pixel Watch, OnePlus Watch and TicWatch need an Android phone. Garmin, Fitbit, Amazfit, Withings, COROS, Polar, Suunto and Fossil work with both.",
  ],
  [
    "Built-in or connected GPS",
    "With built-in GPS a watch maps your run on its own, so the phone can stay at home. Connected GPS borrows the phone's location, so you have to carry the phone for the map to work.",
  ],
  [
    "Battery life",
    "Full smart watches with bright OLED or AMOLED screens typically last one to two days. Sports watches with memory-in-pixel (MIP) screens and trackers last a week or more; battery figures are for typical use and drop with GPS on.",
  ],
  [
    "Water resistance",
    "5 ATM, WR50 or better means the watch is fine for swimming laps; 10 ATM or WR100 also for snorkelling. IP68 and 3 ATM only mean the watch survives rain, splashes and hand washing, not swimming.",
  ],
  [
    "Health sensors",
    "Optical heart rate is standard. An ECG sensor can record an electrocardiogram to check heart rhythm; blood oxygen (SpO2) and skin temperature sensors help with sleep and recovery insights. Not every watch has every sensor.",
  ],
  [
    "Cellular and payments",
    "Cellular (LTE) models take calls, get messages and stream music without the phone nearby, for a higher price and a monthly plan. Contactless payments let you pay with a tap of the wrist.",
  ],
  [
    "Size, case and band",
    "Cases around 40mm or smaller suit small wrists; 44mm and up show more on screen. Aluminium and plastic are light, stainless steel and titanium are tougher. Most watches take swappable bands in silicone, nylon, leather or metal.",
  ],
];

export const GAME_GUIDE: Passage[] = [
  [
    "Age ratings",
    "In the US, video games carry ESRB ratings: E (Everyone) suits all ages, E10+ ages 10 and up, T (Teen) 13 and up, and M (Mature) 17 and up. Tabletop games print the youngest recommended age on the box, such as Ages 8+.",
  ],
  [
    "Platforms",
    "A video game runs only on the system it is sold for: a PlayStation 5 edition will not play on an Xbox or a Nintendo Switch, and PC games need a capable computer. Nintendo Switch games can be played on the go.",
  ],
  [
    "Playing together",
    "Local multiplayer means several people play on one console or around one table; online multiplayer needs an internet connection and usually a subscription on consoles. Co-op games have players team up instead of competing.",
  ],
  [
    "Games for families",
    "For family game night look for local multiplayer, a rating of E or E10+, and support for four or more players. Party games for six or more players shine at larger gatherings.",
  ],
  [
    "Board and card games",
    "Tabletop games need no screen. Cooperative board games such as Pandemic or Forbidden Island have everyone win or lose together, a good fit for mixed ages; party games such as Codenames play best in big groups.",
  ],
  [
    "Genres",
    "Platformers and racing games are easy to pick up; role-playing and strategy games reward long sessions; sports games follow real leagues; survival horror is intense and usually rated M.",
  ],
];
