import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runExample } from "./custom-assistant.js";

it("the README's custom-assistant example runs and its run is stored", async () => {
  const result = await runExample(mkdtempSync(join(tmpdir(), "siturec-example-")));
  expect(result.status).toBe("complete");
  expect(result.summaries[0]!.episodes).toBe(2);
});
