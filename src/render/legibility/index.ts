export { distinctiveWords, wasRead, wordsOf } from "./distinctive-words.js";
export {
  type BoxMargins,
  FURNITURE_MARGINS,
  GROCERY_MARGINS,
  type LegibilityOptions,
  type LegibilityPose,
  type LegibilityResult,
  type LegibilityView,
  legibilityPoses,
  measureLegibility,
  OCR_SCALE,
  productBoxes,
} from "./measure-legibility.js";
export { ocrWords, type PixelBox, tesseractVersion } from "./ocr.js";
