/**
 * The views a render service drew most recently, by what they drew (store, pose, scene): the worlds
 * of a run share it, so a view another episode already saw (the entrance every episode starts at,
 * the aisles many walk to) is served again instead of rendered. Least recently used views go first.
 */
export class ViewCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    /** The most views kept (each holds a frame's colour image and both roles' PNGs, about 1.2 MB). */
    readonly capacity: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The view drawn for `key`, now the most recently used, or undefined. */
  get(key: string): T | undefined {
    const view = this.entries.get(key);
    if (view === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, view);
    return view;
  }

  /** Keeps a view, dropping the least recently used beyond the capacity. */
  set(key: string, view: T): void {
    this.entries.delete(key);
    this.entries.set(key, view);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}
