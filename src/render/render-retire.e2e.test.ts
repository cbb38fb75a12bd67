import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvData } from "../envs/env-data.js";
import { RenderService } from "./render-service.js";

let service: RenderService;
beforeAll(async () => {
  // A browser of its own: in the shared one, retiring only releases the pages to other services.
  service = await RenderService.start({ width: 320, height: 240, poolSize: 1, browserUrl: "" });
});
afterAll(async () => {
  await service?.close();
});

describe("a retired store", () => {
  it("gives its page up, and renders again on a new page, the same image", async () => {
    const { start } = loadEnvData("supermarket").layout;
    const pose = { x: start.x, z: start.z, yaw: start.yaw, pitch: 0 };
    const before = await service.render("supermarket", pose);
    expect(service.pagesOf("supermarket")).toBe(1);
    await service.retire("supermarket");
    expect(service.pagesOf("supermarket")).toBe(0);
    const after = await service.render("supermarket", pose);
    expect(service.pagesOf("supermarket")).toBe(1);
    expect(after.rgb.equals(before.rgb)).toBe(true);
    expect(after.regions).toEqual(before.regions);
  });
});
