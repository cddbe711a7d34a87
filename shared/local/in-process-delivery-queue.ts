import type { DeliveryJob, DeliveryQueue } from '../domain/webhook-delivery.js';
import { attemptDelivery } from '../use-cases/deliver-webhook.js';

/**
 * The local stack's delivery queue and worker in one: jobs wait in memory until due, are
 * attempted with the same use case as the AWS delivery function, and a failed attempt waits
 * its backoff on the injected clock (tests advance a test clock instead of waiting 24 hours).
 * Jobs live as long as the process: a restart of `npm start` forgets pending retries.
 */
interface Pending {
  readonly job: DeliveryJob;
  readonly attempt: number;
  readonly due: number;
}

const PARALLEL = 4;

export class InProcessDeliveryQueue implements DeliveryQueue {
  private pending: Pending[] = [];
  private running: Promise<number> | undefined;

  constructor(private readonly clock: () => number = Date.now) {}

  enqueue(jobs: readonly DeliveryJob[]): Promise<void> {
    const now = this.clock();
    for (const job of jobs) this.pending.push({ job, attempt: 1, due: now });
    return Promise.resolve();
  }

  /** Jobs waiting (for their first attempt or a retry). */
  get size(): number {
    return this.pending.length;
  }

  /** When the next job is due (ms), or undefined when none waits. */
  nextDue(): number | undefined {
    return this.pending.length > 0 ? Math.min(...this.pending.map((p) => p.due)) : undefined;
  }

  /** Attempts every job due now (and those that fall due meanwhile); the number of attempts made. One run at a time. */
  runDue(): Promise<number> {
    const previous = this.running ?? Promise.resolve(0);
    const run = previous.then(() => this.attemptDue());
    this.running = run.finally(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }

  private async attemptDue(): Promise<number> {
    let attempts = 0;
    for (;;) {
      const now = this.clock();
      const due = this.pending.filter((p) => p.due <= now).slice(0, PARALLEL);
      if (due.length === 0) return attempts;
      this.pending = this.pending.filter((p) => !due.includes(p));
      await Promise.all(
        due.map(async (item) => {
          attempts++;
          try {
            const result = await attemptDelivery(item.job, item.attempt, this.clock());
            if (result.status === 'retry') this.pending.push({ job: item.job, attempt: item.attempt + 1, due: this.clock() + result.retryInMs });
          } catch {
            // The store failed (stopped on purpose in a test): try the same attempt again shortly.
            this.pending.push({ ...item, due: this.clock() + 1000 });
          }
        }),
      );
    }
  }
}
