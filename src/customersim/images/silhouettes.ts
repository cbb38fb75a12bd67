import type { Product } from "../schema/product.js";

/** Outline paths on a 512×400 stage, one per kind of product. */
const SHAPES = {
  top: "M176 60 L226 44 Q256 74 286 44 L336 60 L420 120 L388 176 L350 150 L350 360 L162 360 L162 150 L124 176 L92 120 Z",
  longTop:
    "M176 60 L226 44 Q256 74 286 44 L336 60 L372 90 L440 300 L398 316 L350 170 L350 360 L162 360 L162 170 L114 316 L72 300 L140 90 Z",
  tank: "M196 40 L226 40 Q256 110 286 40 L316 40 L322 120 L350 160 L350 360 L162 360 L162 160 L190 120 Z",
  trousers: "M186 30 L326 30 L348 370 L282 370 L258 130 L254 130 L230 370 L164 370 Z",
  shorts: "M176 90 L336 90 L360 290 L272 300 L256 190 L240 300 L152 290 Z",
  skirt: "M196 70 L316 70 L376 340 L136 340 Z",
  dress: "M214 30 L298 30 L306 110 L286 150 L380 370 L132 370 L226 150 L206 110 Z",
  laptop: "M136 80 L376 80 L376 250 L136 250 Z M96 262 L416 262 L400 300 L112 300 Z",
  watch:
    "M216 30 L296 30 L296 120 L316 130 L316 270 L296 280 L296 370 L216 370 L216 280 L196 270 L196 130 L216 120 Z",
  videoGame: "M166 40 L346 40 L346 360 L166 360 Z",
  boardGame: "M96 100 L416 100 L416 330 L96 330 Z",
} as const;

export type ShapeName = keyof typeof SHAPES;

const APPAREL_SHAPE: Record<string, ShapeName> = {
  jeans: "trousers",
  leggings: "trousers",
  joggers: "trousers",
  chinos: "trousers",
  shorts: "shorts",
  skirt: "skirt",
  dress: "dress",
  "tank top": "tank",
  "sports bra": "tank",
  sweater: "longTop",
  cardigan: "longTop",
  hoodie: "longTop",
  "rain jacket": "longTop",
  "puffer jacket": "longTop",
  blazer: "longTop",
  "button-down shirt": "longTop",
};

export function shapeOf(product: Product): ShapeName {
  switch (product.category) {
    case "female-clothing":
    case "male-clothing":
      return APPAREL_SHAPE[product.attributes.type] ?? "top";
    case "laptops":
      return "laptop";
    case "smart-watches":
      return "watch";
    case "games":
      return product.attributes.platform === "Tabletop" ? "boardGame" : "videoGame";
  }
}

export function shapePath(shape: ShapeName): string {
  return SHAPES[shape];
}
