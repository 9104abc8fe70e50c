/**
 * At most `size` tasks at once, the others waiting their turn in order. A task whose signal has aborted by
 * its turn is dropped without running: whoever asked for it has already had an answer.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (this.running < this.size) this.running += 1;
    // The slot is handed over by the task that finishes, so `running` never drops below the work in flight.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      signal.throwIfAborted();
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
