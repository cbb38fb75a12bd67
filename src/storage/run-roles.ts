import { z } from "zod";
import type { RunRow } from "./run-store.js";

export interface RunRoles {
  env: string;
  condition: string;
  assistant: string;
  shopper: string;
  moderator: string;
}

/** A role as a run config names it: an id, or an object with one. */
const RoleSpec = z.union([z.string(), z.object({ id: z.string() }).loose()]);
const roleId = (spec: z.infer<typeof RoleSpec> | undefined) =>
  spec === undefined ? "-" : typeof spec === "string" ? spec : spec.id;

/** What the runs list reads of a SituRecBench run's config (the rest is shown as given). */
const SituRecConfig = z
  .object({
    env: z.string().default("-"),
    condition: z.string().default("-"),
    agents: z
      .object({
        assistant: RoleSpec.optional(),
        shopper: RoleSpec.optional(),
        moderator: RoleSpec.optional(),
      })
      .loose()
      .default({}),
  })
  .loose();

/** What the runs list reads of a CustomerSim run's config. */
const CustomerSimConfig = z
  .object({
    shopper: z.string().default("-"),
    sales: z.string().default("-"),
    category: z.string().optional(),
    steering: z.string().optional(),
  })
  .loose();

/**
 * Who played a run, in the columns of `siturec runs` and the web viewer's list: a CustomerSim run's
 * salesperson stands in the assistant's column, its env is `customersim` (or `customersim/CATEGORY`),
 * its condition the shopper's steering. Configs are read leniently: a field a run lacks shows as `-`.
 */
export function runRoles(run: RunRow): RunRoles {
  if (run.benchmark === "customersim") {
    const c = CustomerSimConfig.safeParse(run.config);
    const config = c.success
      ? c.data
      : { shopper: "-", sales: "-", category: undefined, steering: undefined };
    return {
      env: config.category ? `customersim/${config.category}` : "customersim",
      condition: config.steering === "human" ? "human-steering" : "-",
      assistant: config.sales,
      shopper: config.shopper,
      moderator: "-",
    };
  }
  const c = SituRecConfig.safeParse(run.config);
  if (!c.success) return { env: "-", condition: "-", assistant: "-", shopper: "-", moderator: "-" };
  return {
    env: c.data.env,
    condition: c.data.condition,
    assistant: roleId(c.data.agents.assistant),
    shopper: roleId(c.data.agents.shopper),
    moderator: roleId(c.data.agents.moderator),
  };
}
