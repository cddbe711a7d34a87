/**
 * The local stack's change matcher: it follows the change log with a cursor, as a `/api/changes`
 * client does. The ingest may run in another process (`npm run ingest` while `npm start` runs),
 * and dynalite has no streams, so the change log, which every ingest writes, is how the local
 * stack learns of changes. Each poll reads up to the log's read horizon (`readHorizon`: below
 * every live writer's mark and CHANGE_SETTLE_MS behind now), so no change is skipped or read
 * twice, and matches what it read with the same matcher the AWS stream function uses.
 * Changes made before the follower started are not matched (a restart does not resend them).
 */
import { config } from '../../config/index.js';
import { positionBefore, readHorizon } from '../../domain/change-log.js';
import type { DeliveryQueue } from '../../domain/webhook-delivery.js';
import { changeRepository, type StoredChange } from '../../repositories/change-repository.js';
import { dispatchChanges, WatchlistDirectory, type MatchableChange } from './match-changes.js';
import { platformClock } from '../../platform/clock.js';

const PAGE = 500;

function matchable(change: StoredChange): MatchableChange {
  return {
    change_id: change.change_id,
    cve_id: change.cve_id,
    changed_at: change.changed_at,
    kind: change.kind,
    fields: change.fields,
    record: change.record,
    risk_before: change.risk_before,
    risk_after: change.risk_after,
  };
}

export class ChangeLogFollower {
  private cursor: string;
  private running: Promise<number> | undefined;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly clock: () => number = platformClock.now,
    // Locally watchlists are read at each poll that has changes: a watchlist just made applies at once.
    private readonly directory: WatchlistDirectory = new WatchlistDirectory(0, clock),
    /**
     * Runs the matching as the change-matcher function runs in AWS (the local stack: its own
     * environment and grants); reading the change log stands in for the stream and runs as the caller.
     */
    private readonly asMatcher: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {
    this.cursor = positionBefore(clock());
  }

  /** Reads and matches every change up to the horizon; the number of changes read. One poll at a time. */
  poll(): Promise<number> {
    this.running ??= this.readAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async readAll(): Promise<number> {
    const now = this.clock();
    const marks = await changeRepository.activeWriterMarks(now);
    const horizon = readHorizon(
      now,
      config().CHANGE_SETTLE_MS,
      marks.map((m) => m.low),
    );
    let read = 0;
    while (this.cursor < horizon) {
      const page = await changeRepository.readRange(this.cursor, horizon, PAGE);
      if (page.length > 0) {
        await this.asMatcher(() => dispatchChanges(page.map(matchable), this.queue, this.directory));
        read += page.length;
        this.cursor = page.at(-1)!.change_id;
      }
      // Caught up: nothing at or below the horizon can still appear.
      if (page.length < PAGE) this.cursor = horizon;
    }
    return read;
  }
}
