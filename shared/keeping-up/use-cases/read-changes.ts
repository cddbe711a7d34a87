/**
 * `GET /api/changes` (product-decisions §7): the change log from a cursor, oldest first.
 *
 * The visibility rule: a reader never passes a change that can still appear. Each answer stops
 * at the horizon (`readHorizon`): below every live writer's mark (ChangeLogWriter) and
 * CHANGE_SETTLE_MS behind now; it reads with strong consistency, and its `next_cursor` never
 * goes past the horizon. A client following `next_cursor` sees every change once, in order,
 * even while an ingest writes.
 */
import { config } from '../../config/index.js';
import {
  CHANGE_RETENTION_DAYS,
  CHANGE_RETENTION_MS,
  decodeCursor,
  encodeCursor,
  positionBefore,
  positionTime,
  readHorizon,
  type Change,
  type ChangesPage,
} from '../../domain/change-log.js';
import { daysUnpatched, utcDay } from '../../domain/days-unpatched.js';
import { ApiError } from '../../domain/errors.js';
import { parseChangesQuery } from '../../query/changes-query.js';
import { changeRepository, type StoredChange } from '../../repositories/change-repository.js';
import { platformClock } from '../../platform/clock.js';

function invalidCursor(message: string): ApiError {
  return new ApiError('INVALID_PARAMETER', 'Invalid query parameter: since.', [{ parameter: 'since', message }]);
}

/** The record as the JSON export shows it today (`days_unpatched` counts to today, like an export). */
function present(change: StoredChange, today: string): Change {
  const record =
    change.record && change.record.patch
      ? { ...change.record, patch: { ...change.record.patch, days_unpatched: daysUnpatched(change.record, today) } }
      : change.record;
  return {
    change_id: change.change_id,
    cve_id: change.cve_id,
    changed_at: change.changed_at,
    kind: change.kind,
    fields: [...change.fields],
    ...(record ? { record } : {}),
  };
}

export async function readChanges(query: Record<string, string[] | undefined> | null | undefined, nowMs: number = platformClock.now()): Promise<ChangesPage> {
  const { since, limit } = parseChangesQuery(query);
  const oldestKept = nowMs - CHANGE_RETENTION_MS;
  const marks = await changeRepository.activeWriterMarks(nowMs);
  const horizon = readHorizon(
    nowMs,
    config().CHANGE_SETTLE_MS,
    marks.map((m) => m.low),
  );
  let after = positionBefore(oldestKept);
  if (since !== undefined) {
    const position = decodeCursor(since);
    if (!position || positionTime(position) > nowMs) throw invalidCursor('is not a cursor this service issued; start again without since');
    if (positionTime(position) < oldestKept) {
      throw invalidCursor(`is older than the ${CHANGE_RETENTION_DAYS} days changes are kept; start again without since and resynchronise`);
    }
    after = position;
  }
  // One more than asked: whether it exists is `has_more`.
  const found = after < horizon ? await changeRepository.readRange(after, horizon, limit + 1) : [];
  const hasMore = found.length > limit;
  const page = found.slice(0, limit);
  // Caught up: the cursor moves to the horizon (nothing at or below it can still appear), so the
  // next call starts there instead of re-reading empty days.
  const last = page.at(-1)?.change_id;
  const next = hasMore ? last! : [after, last ?? after, horizon].reduce((a, b) => (b > a ? b : a));
  const today = utcDay(nowMs);
  return { changes: page.map((c) => present(c, today)), next_cursor: encodeCursor(next), has_more: hasMore };
}
