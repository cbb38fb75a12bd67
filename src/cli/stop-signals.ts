/**
 * Runs `body` with SIGINT and SIGTERM caught. The first aborts `controller` (the runner takes no new
 * episode, finishes those in flight and marks the run interrupted) and calls `onFirst`; a second
 * exits now (every committed turn and finished episode stays whole).
 */
export async function withStopSignals<T>(
  controller: AbortController,
  onFirst: (signal: NodeJS.Signals) => void,
  body: () => Promise<T>,
): Promise<T> {
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(signal === "SIGTERM" ? 143 : 130);
    controller.abort();
    onFirst(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await body();
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}
