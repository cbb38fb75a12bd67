export {
  BROWSER_URL_VARIABLE,
  BrowserConnectError,
  launchRenderBrowserServer,
  type RenderBrowserServer,
} from "./browser-launch.js";
export * from "./camera.js";
export { ChromiumNotFoundError, findChromium } from "./chromium.js";
export { minimap } from "./minimap.js";
export * from "./observer.js";
export {
  type FrameBuffers,
  type FrameOptions,
  frameBuffers,
  type RawFrame,
  type RenderOptions,
  RenderService,
} from "./render-service.js";
export {
  type Box,
  type EntityRef,
  extractRegions,
  type ProductRegion,
  type Regions,
  SOM_LIMITS,
  segmentationIndex,
  type TargetRegion,
} from "./som/regions.js";
export {
  type RoleView,
  roleView,
  supportedApproaches,
  type VisibleProduct,
  type VisibleTarget,
} from "./som/role-view.js";
export { type TourStop, tourStops } from "./tour.js";
export { writeObservation } from "./write-observation.js";
