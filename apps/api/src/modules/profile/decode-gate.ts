// Bounds how many pictures are decoded at once: a decode holds the whole bitmap in memory
// (a 25-megapixel HEIC needs about 250 MB while libheif and sharp work on it), so a few uploads at
// once must not add up to gigabytes. Requests past the limit wait their turn in a short queue;
// past the queue they are refused at once (the caller answers 503 with Retry-After).

export class DecodeGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** Decodes that may run at once. */
    readonly atOnce: number,
    /** Requests that may wait for a free slot; more are refused with `full()`. */
    readonly maxWaiting: number,
    private readonly full: () => Error,
  ) {}

  /** How many decodes run and how many wait (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; throws `full()` when the queue is full too. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.atOnce) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw this.full();
      // The finishing task hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running--;
      else next();
    }
  }
}
