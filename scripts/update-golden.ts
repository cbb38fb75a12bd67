// Re-renders the golden views (src/render/golden.ts) into src/render/testdata/ after an intended change
// to the look of the stores: npx tsx scripts/update-golden.ts
import sharp from "sharp";
import { GOLDEN_SIZE, GOLDEN_VIEWS } from "../src/render/golden.js";
import { RenderService } from "../src/render/render-service.js";

const service = await RenderService.start({ ...GOLDEN_SIZE, poolSize: 1 });
try {
  for (const view of GOLDEN_VIEWS) {
    const frame = await service.render(view.env, view.pose);
    const file = `src/render/testdata/golden-${view.name}.png`;
    await sharp(frame.rgba, { raw: { width: frame.width, height: frame.height, channels: 4 } })
      .png()
      .toFile(file);
    console.log(`wrote ${file}`);
  }
} finally {
  await service.close();
}
