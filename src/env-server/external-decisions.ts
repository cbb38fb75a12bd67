/**
 * The meeting point of an episode loop that runs unchanged (`runEpisode`, `runConversation`) and a
 * client that decides one role from outside: the role's policy `ask`s with its context and waits;
 * the session sees the request (`next`), shows it to the client as an observation, and `answer`s
 * with the client's next action. Only one decision is ever outstanding.
 */
export class ExternalDecisions<C, D> {
  private pending: { context: C; resolve: (d: D) => void; reject: (err: unknown) => void } | undefined;
  private wake: (() => void) | undefined;
  private cancelled: Error | undefined;

  /** The policy's side: ask for a decision in this context and wait for it. */
  ask(context: C): Promise<D> {
    if (this.cancelled) return Promise.reject(this.cancelled);
    if (this.pending) return Promise.reject(new Error("a decision is already outstanding"));
    return new Promise<D>((resolve, reject) => {
      this.pending = { context, resolve, reject };
      this.wake?.();
    });
  }

  /** The context of the outstanding request, if any. */
  get outstanding(): C | undefined {
    return this.pending?.context;
  }

  /**
   * The session's side: the next request's context, or undefined when `done` settles first (the
   * loop ended without asking again).
   */
  async next(done: Promise<unknown>): Promise<C | undefined> {
    if (this.pending) return this.pending.context;
    const asked = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
    const ended = done.then(
      () => "ended" as const,
      () => "ended" as const,
    );
    const which = await Promise.race([asked.then(() => "asked" as const), ended]);
    this.wake = undefined;
    const pending = this.pending as { context: C } | undefined;
    return which === "asked" ? pending?.context : undefined;
  }

  /** Resolves the outstanding request with the client's decision. */
  answer(decision: D): void {
    const p = this.pending;
    if (!p) throw new Error("no decision is outstanding");
    this.pending = undefined;
    p.resolve(decision);
  }

  /** Fails the outstanding request and every later one (the session was dropped or closed). */
  cancel(err: Error): void {
    this.cancelled = err;
    const p = this.pending;
    this.pending = undefined;
    p?.reject(err);
  }
}
