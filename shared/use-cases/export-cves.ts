import type { CatalogueRecord, ExportMeta } from '../domain/cve.js';
import { utcDay } from '../domain/days-unpatched.js';
import { ApiError } from '../domain/errors.js';
import { EXPORT_LIMIT, MAX_EXPORT_ROWS, rateHeaders, retryAfterSeconds, windowAt, type RateState } from '../domain/limits.js';
import type { Caller } from '../domain/caller.js';
import { parseExportQuery, type ExportFormat, type ExportQuery } from '../query/export-query.js';
import { selectFromIndex } from '../query/filter-index.js';
import { createIndexCache } from '../query/index-cache.js';
import { LimitReachedError, counterRepository, type CounterKey } from '../repositories/counter-repository.js';
import { cveRepository } from '../repositories/cve-repository.js';
import { filterIndexRepository } from '../repositories/filter-index-repository.js';
import { recordUsage } from './usage-history.js';

/** One per Lambda container: the warm filter index (see docs/architecture.md). */
export const filterIndexCache = createIndexCache(filterIndexRepository);

export interface ExportRows {
  readonly query: ExportQuery;
  /** Stored records of the rows, in export order, at most MAX_EXPORT_ROWS. */
  readonly records: CatalogueRecord[];
  readonly meta: ExportMeta;
  /** The export day (UTC) that `days_unpatched` counts to. */
  readonly exportDay: string;
  readonly exportedAt: Date;
}

/**
 * The rows of an export: the filters over the in-memory index (exact total, first 1000 ids),
 * then one BatchGet of exactly those records. DynamoDB reads: 1 pointer + the rows returned.
 */
export async function selectExportRows(query: ExportQuery, nowMs: number, limit: number = MAX_EXPORT_ROWS): Promise<ExportRows> {
  // A cold container loads only the columns unless the query searches the descriptions.
  const index = await filterIndexCache.get({ search: query.filters.search !== undefined });
  const selection = selectFromIndex(index, query.filters, limit);
  const records = (await cveRepository.getMany(selection.ids)).filter((r) => !r.rejected);
  const exportedAt = new Date(nowMs);
  return {
    query,
    records,
    meta: { total: selection.total, exported: records.length, max_rows: MAX_EXPORT_ROWS, exported_at: exportedAt.toISOString() },
    exportDay: utcDay(nowMs),
    exportedAt,
  };
}

function exportCounter(caller: Caller, nowMs: number): { counter: CounterKey; resetAt: number } {
  const window = windowAt(nowMs, EXPORT_LIMIT.windowSeconds);
  return {
    counter: { accountId: caller.accountId, keyId: caller.keyId, resource: EXPORT_LIMIT.resource, windowStart: window.start },
    resetAt: window.resetAt,
  };
}

function state(used: number, resetAt: number): RateState {
  return { resource: EXPORT_LIMIT.resource, limit: EXPORT_LIMIT.limit, remaining: EXPORT_LIMIT.limit - used, resetAt };
}

export interface ExportRequest<T> {
  readonly format: ExportFormat;
  readonly caller: Caller;
  /** API Gateway's multi-value query map (the only place a repeated parameter shows). */
  readonly query: Record<string, string[] | undefined> | null | undefined;
  /** Turns the rows into the answer (render and encode); its failure gives the unit back. */
  readonly render: (rows: ExportRows) => T | Promise<T>;
  readonly nowMs?: number;
  /** Where a failed usage count is reported (the handler logs it); usage never fails an export. */
  readonly onUsageError?: (error: unknown) => void;
}

/**
 * An export, with the quota rules of product-decisions §3: parameters are checked first (a 400
 * uses no unit), then one unit of the hourly export allowance is taken with a conditional write
 * (429 EXPORT_LIMIT_EXCEEDED when none is left), then the export is built; if building fails the
 * unit is given back. Every outcome carries the export allowance's rate headers.
 */
export async function exportCves<T>(request: ExportRequest<T>): Promise<{ answer: T; rate: Record<string, string> }> {
  const nowMs = request.nowMs ?? Date.now();
  const { counter, resetAt } = exportCounter(request.caller, nowMs);
  let query: ExportQuery;
  try {
    query = parseExportQuery(request.format, request.query);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const used = await counterRepository.used(counter);
    throw new ApiError(error.code, error.message, error.details, rateHeaders(state(used, resetAt)));
  }

  let used: number;
  try {
    used = await counterRepository.take(counter, EXPORT_LIMIT.limit, EXPORT_LIMIT.windowSeconds);
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error;
    await recordUsage(request.caller, { rate_limited: 1 }, request.onUsageError ?? (() => undefined), nowMs);
    throw new ApiError('EXPORT_LIMIT_EXCEEDED', undefined, undefined, {
      ...rateHeaders(state(EXPORT_LIMIT.limit, resetAt)),
      'Retry-After': String(retryAfterSeconds(resetAt, nowMs)),
    });
  }

  try {
    // The day's export count (dashboard chart) is written while the rows are selected.
    const [rows] = await Promise.all([
      selectExportRows(query, nowMs),
      recordUsage(request.caller, { exports: 1 }, request.onUsageError ?? (() => undefined), nowMs),
    ]);
    const answer = await request.render(rows);
    return { answer, rate: rateHeaders(state(used, resetAt)) };
  } catch (error) {
    await counterRepository.giveBack(counter).catch(() => undefined);
    throw error;
  }
}
