/** The world's methods that navigate or render: what a step spends in them is the environment's. */
const WORLD_WORK = ["step", "act", "look"] as const;

/**
 * Times the work of a world (`step`, and its halves `act` and `look` where the world has them, for
 * an episode loop that renders apart from executing calls): `add` gets each outermost call's wall
 * time, so a `step` that calls `act` and `look` counts once. A synchronous method stays synchronous.
 * Returns the same world, its methods replaced on the instance.
 */
export function timeWorldWork<W extends object>(world: W, add: (ms: number) => void): W {
  const methods = world as Record<string, unknown>;
  let depth = 0;
  const done = (started: number) => {
    if (--depth === 0) add(performance.now() - started);
  };
  for (const name of WORLD_WORK) {
    const method = methods[name];
    if (typeof method !== "function") continue;
    const bound = (method as (...args: unknown[]) => unknown).bind(world);
    methods[name] = (...args: unknown[]) => {
      const started = performance.now();
      depth++;
      let result: unknown;
      try {
        result = bound(...args);
      } catch (err) {
        done(started);
        throw err;
      }
      if (result instanceof Promise) return result.finally(() => done(started));
      done(started);
      return result;
    };
  }
  return world;
}
