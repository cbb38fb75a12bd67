import { join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import type { RenderQuality } from "../core/camera.js";
import { SiturecError } from "../core/errors.js";
import type { EnvId } from "../core/manifest.js";
import type { CameraPose } from "../render/camera.js";
import { observe } from "../render/observer.js";
import { RenderService } from "../render/render-service.js";
import { tourStops } from "../render/tour.js";
import { writeObservation } from "../render/write-observation.js";
import type { CliIo } from "./io.js";
import { envHelp, parseEnv, parseInteger } from "./tasks-command.js";

/** `x,z,yaw[,pitch]` in metres and degrees. */
export function parsePose(value: string): CameraPose {
  const parts = value.split(",").map((p) => p.trim());
  const nums = parts.map(Number);
  if ((parts.length !== 3 && parts.length !== 4) || nums.some((n) => !Number.isFinite(n))) {
    throw new InvalidArgumentError(
      "expected x,z,yaw[,pitch] in metres and degrees, e.g. 23.5,20.6,0 or 7.3,8.8,-90,-15",
    );
  }
  const [x, z, yaw, pitch = 0] = nums as [number, number, number, number?];
  if (Math.abs(pitch) > 89) throw new InvalidArgumentError("pitch must be within ±89 degrees");
  return { x, z, yaw, pitch };
}

function parseQuality(value: string): RenderQuality {
  if (value === "fast" || value === "high") return value;
  throw new InvalidArgumentError(`--quality must be fast or high, not "${value}"`);
}

export function registerRender(program: Command, io: CliIo): void {
  program
    .command("render")
    .description(
      "render the first-person view: RGB, depth, segmentation, both roles' Set-of-Mark views and minimaps",
    )
    .requiredOption("--env <env>", envHelp(), parseEnv)
    .option(
      "--pose <x,z,yaw[,pitch]>",
      "camera at the shopper's eye: metres and degrees (yaw 0 faces north)",
      parsePose,
    )
    .option("--tour", "render a fixed set of poses that covers every fixture, store and area")
    .requiredOption("--out <dir>", "output folder")
    .option(
      "--quality <q>",
      "fast (no antialiasing) or high (4x multisampling, 1280x720)",
      parseQuality,
      "fast",
    )
    .option("--width <px>", "image width (default 640, or 1280 at high quality)", parseInteger)
    .option("--height <px>", "image height (default 480, or 720 at high quality)", parseInteger)
    .action(
      async (opts: {
        env: EnvId;
        pose?: CameraPose;
        tour?: boolean;
        out: string;
        quality: RenderQuality;
        width?: number;
        height?: number;
      }) => {
        if (!opts.pose === !opts.tour)
          throw new SiturecError("give exactly one of --pose x,z,yaw[,pitch] or --tour", { exitCode: 2 });
        const service = await RenderService.start({
          width: opts.width,
          height: opts.height,
          quality: opts.quality,
          poolSize: 1,
        });
        try {
          const stops = opts.pose ? [{ name: "", pose: opts.pose }] : tourStops(opts.env);
          let i = 0;
          for (const stop of stops) {
            const dir = stop.name ? join(opts.out, `${String(i).padStart(2, "0")}-${stop.name}`) : opts.out;
            const obs = await observe(service, opts.env, stop.pose, undefined, { buffers: true });
            await writeObservation(obs, dir);
            const { shopper } = obs.roles;
            io.out(
              `${dir}: ${shopper.products.length} products, ${shopper.targets.length} targets in view (${obs.timings.observationMs.toFixed(0)} ms)\n`,
            );
            i++;
          }
          io.out(`rendered with ${service.rendererName}\n`);
        } finally {
          await service.close();
        }
      },
    );
}
