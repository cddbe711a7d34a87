/**
 * One writer of the change log (an ingest run; in AWS, one stream-handler invocation), and the
 * promise that makes the feed exact: it publishes a mark `low` in the changes table meaning "I
 * will never again write a change id below this", and readers never read past the lowest mark
 * of any live writer (`readHorizon`). So a change whose id was taken before, but written after,
 * a later one can never be skipped by a reader's "greater than" cursor.
 *
 * - Before its first id, the writer publishes `low` = now and waits for the write: every id it
 *   takes afterwards is above it, and a reader that did not see the mark yet read before it
 *   existed, with a horizon below the mark's time (less the clock-skew margin).
 * - It tracks the ids of every call in flight; after each call, `low` becomes the lowest id
 *   still in flight, or now when none is. Every value it ever publishes stays true, so marks
 *   that land out of order only make a reader wait a little longer.
 * - The mark has a lease (refreshed by every batch); a writer that dies stops holding readers
 *   back once its lease ends. `close()` removes it.
 */
import { randomUUID } from 'node:crypto';
import { positionBefore, positionTime } from '../../domain/change-log.js';
import { changeRepository, type NewChange } from '../../repositories/change-repository.js';
import { platformClock } from '../../platform/clock.js';

/** Longer than any run holds a batch in flight; the ingest Lambda lives at most 15 minutes. */
export const WRITER_LEASE_MS = 20 * 60_000;

export class ChangeLogWriter {
  readonly id = `writer-${randomUUID()}`;
  private readonly inFlight = new Map<string, number>();
  private opened: Promise<void> | undefined;
  private sequence = 0;

  constructor(private readonly clock: () => number = platformClock.now) {}

  private publish(): Promise<void> {
    const lows = [...this.inFlight.values()];
    const now = this.clock();
    const low = positionBefore(lows.length > 0 ? Math.min(...lows) : now);
    return changeRepository.putWriterMark({ writer: this.id, low, lease_until: now + WRITER_LEASE_MS });
  }

  async append(changes: readonly NewChange[]): Promise<void> {
    if (changes.length === 0) return;
    this.opened ??= this.publish();
    await this.opened;
    const tracker = new Map<string, string>();
    await changeRepository.append(changes, this.clock, {
      begin: (ids) => {
        const token = `${this.sequence++}`;
        tracker.set(ids[0]!, token);
        // The lowest id of the call: its time is the position the call holds the log at.
        this.inFlight.set(token, Math.min(...ids.map((id) => positionTime(id))));
      },
      end: (ids) => {
        const token = tracker.get(ids[0]!);
        if (token !== undefined) this.inFlight.delete(token);
      },
    });
    await this.publish();
  }

  /** Every change of this writer is written: readers need not wait for it any more. */
  async close(): Promise<void> {
    if (this.opened) await changeRepository.deleteWriterMark(this.id);
  }
}
