import { z } from "zod";
import { Instance } from "./instance.js";
import { EnvId } from "./manifest.js";

export const InstanceSet = z
  .object({
    kind: z.literal("siturec.instances"),
    version: z.literal(1),
    env: EnvId,
    instances: z.array(Instance),
  })
  .strict();
export type InstanceSet = z.infer<typeof InstanceSet>;
