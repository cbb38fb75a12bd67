/**
 * Set up before every file of the end-to-end tier (`*.e2e.test.ts`): render in the suite's shared
 * browser (test/shared-browser.ts). A test about launching or losing a browser deletes the variable
 * for itself; the next file gets it back.
 */
import { inject } from "vitest";
import { BROWSER_URL_VARIABLE } from "../src/render/browser-launch.js";

process.env[BROWSER_URL_VARIABLE] = inject("browserUrl");
