// World benchmark: one shopper step (parse, check the rules, execute on the navmesh, next state),
// without rendering. Prints one JSON line. npm run bench:world
import type { EnvId } from "../src/core/manifest.js";
import { loadEnvData } from "../src/envs/env-data.js";
import { navigationFor } from "../src/world/navmesh.js";
import { type VisibleNow, WorldCore } from "../src/world/world-core.js";

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 1000) / 1000;
};

const times: number[] = [];
const perTool = new Map<string, number[]>();
for (const env of ["supermarket", "home-furnishings"] as EnvId[]) {
  const data = loadEnvData(env);
  const core = new WorldCore(env, data, await navigationFor(env, data));
  // Everything in view, as if the observation showed it: targeted moves then have a real path to plan.
  const visible: VisibleNow = { products: {}, targets: {} };
  data.layout.navTargets.forEach((t, i) => {
    visible.targets[`T${i}`] = { target: t.id, approaches: ["nearest", ...Object.keys(t.approaches)] };
  });
  data.catalog.products.slice(0, 20).forEach((p, i) => {
    visible.products[String(i + 1)] = { product: p.id, distanceM: 1 };
  });
  const targeted = env === "supermarket" ? "move_to_fixture" : "move_to_store";
  const storeTargets = data.layout.navTargets
    .map((t, i) => ({ t, h: `T${i}` }))
    .filter(({ t }) => t.type !== "area");
  const calls: unknown[] = [];
  for (let i = 0; i < 400; i++) {
    const pick = storeTargets[i % storeTargets.length]!;
    const approach =
      env === "supermarket"
        ? i % 3 === 0
          ? "nearest"
          : Object.keys(pick.t.approaches)[0]
        : "outside_doorway";
    calls.push(
      { name: "move_forward", arguments: { distance: 1 + (i % 3) } },
      { name: "turn", arguments: { direction: i % 2 ? "left" : "right", angle: 30 } },
      { name: "side_step", arguments: { direction: "left", distance: 0.5 } },
      { name: targeted, arguments: { target: pick.h, approach } },
      {
        name: env === "supermarket" ? "pick_up_item" : "check_item",
        arguments: { target: String((i % 20) + 1) },
      },
      { name: env === "supermarket" ? "drop_item" : "do_not_add_to_cart", arguments: {} },
      { name: "look_up_down", arguments: { direction: "down", angle: 10 } },
    );
  }
  let state = core.initialState();
  for (const [k, call] of calls.entries()) {
    const t = performance.now();
    const r = core.apply(state, call, visible);
    const dt = performance.now() - t;
    state = r.state;
    if (k >= 50) {
      times.push(dt);
      const name = (call as { name: string }).name;
      perTool.set(name, [...(perTool.get(name) ?? []), dt]);
    }
  }
}
console.log(
  JSON.stringify({
    steps: times.length,
    step_ms_p50: quantile(times, 0.5),
    step_ms_p90: quantile(times, 0.9),
    by_tool_ms_p50: Object.fromEntries([...perTool].map(([k, v]) => [k, quantile(v, 0.5)])),
  }),
);
