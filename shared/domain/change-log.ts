import { decodeTime, encodeTime, isValid, monotonicFactory } from 'ulid';
import * as z from './zod.js';
import { changeKindSchema } from './change.js';
import { exportRecordSchema } from './cve.js';
import { CHANGE_RETENTION_DAYS, CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT } from './limits.js';

/**
 * Positions in the change log (product-decisions §7). A change id is a ULID: 10 characters of
 * time (ms) then 16 of a per-process monotonic part, so ids sort in the order they were made and
 * the time names the day bucket the change is stored under. A cursor is a position in that
 * order (not necessarily a change's id): "every change after this one".
 */

export { CHANGE_RETENTION_DAYS, CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT };
export const CHANGE_RETENTION_MS = CHANGE_RETENTION_DAYS * 86_400_000;

/**
 * ulid's own source of randomness asks the platform for one byte at a time: sixteen calls and
 * buffers per id whenever the clock has moved, which a bulk ingest (a change per new record)
 * felt. The same bytes, drawn 4 KiB at a time.
 */
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;
function pooledRandom(): number {
  if (randomUsed === randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomUsed = 0;
  }
  return randomPool[randomUsed++]! / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

/** A new change id for a change made at `nowMs`; strictly increasing within a process. */
export function newChangeId(nowMs: number): string {
  return nextUlid(nowMs);
}

/** The time (ms) a change id or position stands for. */
export function positionTime(position: string): number {
  return decodeTime(position);
}

/** The highest position at `ms`: every change id made at or before `ms` sorts at or below it. */
export function positionAtEndOf(ms: number): string {
  return `${encodeTime(ms, 10)}${'Z'.repeat(16)}`;
}

/** The lowest position at `ms`: every change id made at or after `ms` sorts above it. */
export function positionBefore(ms: number): string {
  return `${encodeTime(ms, 10)}${'0'.repeat(16)}`;
}

/** The time bucket (UTC day) a change id belongs to: the change table's partition key. */
export function bucketOf(position: string): string {
  return bucketOfTime(positionTime(position));
}

export function bucketOfTime(ms: number): string {
  return `CHANGES#${new Date(ms).toISOString().slice(0, 10)}`;
}

/**
 * How far a reader may read: every change id at or below the horizon is written for good.
 * That is below every live writer's mark (ids under a mark are all written) and, for writers
 * that have not published a mark yet, `skewMs` behind now (their first ids come after their
 * mark, which is later than this reader's now up to the clocks' skew).
 */
export function readHorizon(nowMs: number, skewMs: number, writerLows: readonly string[]): string {
  return [positionAtEndOf(nowMs - skewMs), ...writerLows].reduce((a, b) => (b < a ? b : a));
}

const CURSOR_PREFIX = 'c1.';

/** Cursors are opaque to clients: a version tag and a position, base64url. */
export function encodeCursor(position: string): string {
  return Buffer.from(`${CURSOR_PREFIX}${position}`, 'utf8').toString('base64url');
}

/** The position of a cursor this service issued, or undefined when it is not one. */
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return undefined;
  const position = text.slice(CURSOR_PREFIX.length);
  return isValid(position) ? position : undefined;
}

/** One element of `data.changes` in `GET /api/changes`. */
export const changeSchema = z
  .object({
    change_id: z.string().register(z.globalRegistry, { description: 'Unique, sorts in the order the changes were made (a ULID).' }),
    cve_id: z.string(),
    changed_at: z.iso.datetime(),
    kind: changeKindSchema,
    fields: z.array(z.string()).register(z.globalRegistry, {
      description:
        'The product fields that changed (cvss_score, severity, risk_level, weaponized, detectable, in_kev, patch_status, epss, explanation, …); for `added`, every field the record has; empty for `rejected`.',
    }),
    record: z
      .optional(exportRecordSchema)
      .register(z.globalRegistry, { description: 'The record as the JSON export shows it, after the change; absent for `rejected`.' }),
  })
  .register(z.globalRegistry, { id: 'Change' });
export type Change = z.infer<typeof changeSchema>;

export const changesPageSchema = z
  .object({
    changes: z.array(changeSchema),
    next_cursor: z.string().register(z.globalRegistry, { description: `Pass as \`since\` to read on; valid for ${CHANGE_RETENTION_DAYS} days.` }),
    has_more: z.boolean().register(z.globalRegistry, {
      description: 'True when more changes can be read now; false when the reader has caught up (poll again later with next_cursor).',
    }),
  })
  .register(z.globalRegistry, { id: 'ChangesPage' });
export type ChangesPage = z.infer<typeof changesPageSchema>;
