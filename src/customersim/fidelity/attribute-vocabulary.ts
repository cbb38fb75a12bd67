/**
 * Attribute words shoppers use across product domains (colour, size, material, fit, price,
 * performance, comfort, durability, power, connectivity). A clause with one of these states a
 * desired attribute. Product-type nouns ("jeans", "laptop") are left out on purpose: naming what one
 * shops for is the request, not a criterion. It is the one list for every dialogue, model or human:
 * a category's own words (its brands, sensors, genres) would count the model side with a richer list
 * than RecQuest's people (the rule shopper's openings: 5.93 criteria with them, 4.95 without).
 */
export const GENERIC_ATTRIBUTE_WORDS: ReadonlySet<string> = new Set(
  `black white grey gray red blue green yellow orange pink purple brown beige navy cream colour color colors
   colours pastel neutral bright dark size sizes small medium large petite tall fit fitted loose tight slim
   skinny relaxed oversized stretch stretchy cotton wool linen silk leather polyester nylon denim fabric
   material materials waterproof water-resistant breathable moisture-wicking warm cool lightweight light heavy
   weight compact portable durable sturdy reliable comfortable comfort soft cushioning cushioned support
   supportive grip quality cheap cheaper affordable inexpensive expensive price priced budget cost dollars
   sale value brand style stylish casual formal sporty classic modern vintage design look battery charge
   charging range power powerful performance fast faster speed quick smooth quiet screen display resolution
   storage memory ram ssd processor cpu gpu graphics keyboard touchscreen camera lens zoom sensor megapixel
   autofocus stabilization gps heart-rate sleep tracking tracker waterproofing app apps bluetooth wifi wireless
   cellular compatible compatibility iphone android ios windows mac macos chromebook multiplayer co-op
   single-player genre rating family-friendly kids online offline gears brakes frame tires suspension hybrid
   electric e-bike motor assist terrain trail road commute commuting hills climbs distance miles mileage
   running training marathon gaming editing travel travelling outdoor indoor hiking beginner beginners
   professional easy simple durable long-lasting lasting warranty eco-friendly sustainable organic recycled`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);
