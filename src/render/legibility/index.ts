export { distinctiveWords, wasRead, wordsOf } from "./distinctive-words.js";
export {
  type LegibilityOptions,
  type LegibilityPose,
  type LegibilityResult,
  legibilityPoses,
  measureLegibility,
} from "./measure-legibility.js";
export { ocrWords, tesseractVersion } from "./ocr.js";
