import type { CatalogueRecord, ExportMeta } from '../../domain/cve.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { ApiError } from '../../domain/errors.js';
import { MAX_EXPORT_ROWS } from '../../domain/limits.js';
import type { Caller } from '../../domain/caller.js';
import { parseExportQuery, type ExportFormat, type ExportQuery } from '../../query/export-query.js';
import { selectFromIndex, type FilterIndex } from '../../query/filter-index.js';
import { createIndexCache } from '../../query/index-cache.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { filterIndexRepository } from '../../repositories/filter-index-repository.js';
import { spendExportUnit, withExportRate } from '../../accounts/public.js';
import { platformClock } from '../../platform/clock.js';
import { CURSOR_TTL_SECONDS, cursorHash, newCursorToken, type ExportCursorState } from '../../query/export-cursor.js';
import { counterRepository } from '../../repositories/counter-repository.js';

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

/** The index a query needs: a cold container loads only the columns unless the query searches the descriptions. */
function indexFor(query: ExportQuery): Promise<FilterIndex> {
  return filterIndexCache.get({ search: query.filters.search !== undefined });
}

/**
 * The rows of an export: the filters over the in-memory index (exact total, first 1000 ids),
 * then one BatchGet of exactly those records. DynamoDB reads: 1 pointer + the rows returned.
 * `loading` is the index already being read (see exportCves).
 */
export async function selectExportRows(
  query: ExportQuery,
  nowMs: number,
  loading: Promise<FilterIndex> = indexFor(query),
  limit: number = MAX_EXPORT_ROWS,
  paging?: { readonly offset: number; readonly next: (offset: number) => Promise<string> },
): Promise<ExportRows> {
  const index = await loading;
  const offset = paging?.offset ?? 0;
  const selection = selectFromIndex(index, query.filters, limit, offset);
  const records = (await cveRepository.getMany(selection.ids)).filter((r) => !r.rejected);
  const exportedAt = new Date(nowMs);
  const after = offset + selection.ids.length;
  const nextCursor = paging && selection.total > after ? await paging.next(after) : undefined;
  return {
    query,
    records,
    meta: {
      total: selection.total,
      exported: records.length,
      max_rows: MAX_EXPORT_ROWS,
      exported_at: exportedAt.toISOString(),
      ...(nextCursor ? { next_cursor: nextCursor } : {}),
    },
    exportDay: utcDay(nowMs),
    exportedAt,
  };
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
 * (429 EXPORT_LIMIT_EXCEEDED when none is left) while the filter index is read, then the export
 * is built; if building fails the unit is given back. Every outcome carries the export allowance's rate headers.
 */
export async function exportCves<T>(request: ExportRequest<T>): Promise<{ answer: T; rate: Record<string, string> }> {
  const nowMs = request.nowMs ?? platformClock.now();
  if (request.query && 'cursor' in request.query) return exportPage(request, nowMs);
  let query: ExportQuery;
  try {
    query = parseExportQuery(request.format, request.query);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw await withExportRate(request.caller, error, nowMs);
  }
  // The index (pointer read; a cold container's chunks) is read while the unit is taken: one
  // round trip fewer in series. It only reads, and a refused export leaves it cached for the next.
  const loading = indexFor(query);
  loading.catch(() => undefined);
  // Rendering is part of building: if it fails, the unit is given back.
  const paging = cursorIssuer(request, query, nowMs);
  const { value, rate } = await spendExportUnit(request.caller, nowMs, request.onUsageError, async () =>
    request.render(await selectExportRows(query, nowMs, loading, MAX_EXPORT_ROWS, paging)),
  );
  return { answer: value, rate };
}

/** Issues the cursor of the rows after `offset`, for this caller's key, format and query. */
function cursorIssuer<T>(request: ExportRequest<T>, query: ExportQuery, nowMs: number) {
  return {
    offset: 0,
    async next(offset: number): Promise<string> {
      const token = newCursorToken();
      const state: ExportCursorState = {
        keyId: request.caller.keyId,
        format: request.format,
        query,
        offset,
        expiresAt: Math.floor(nowMs / 1000) + CURSOR_TTL_SECONDS,
      };
      await counterRepository.putExportCursor(request.caller.accountId, cursorHash(token) ?? '', state);
      return token;
    },
  };
}

function badCursor(message: string, parameter = 'cursor'): ApiError {
  return new ApiError('INVALID_PARAMETER', `${message} Start again without a cursor.`, [{ parameter, message }]);
}

/**
 * A later page (product decisions §10): the cursor alone names the export; it is one request of
 * the per-minute allowance (already taken by the handler's admission), never an export unit. Its
 * chain lasts 24 hours from the first page: every cursor carries the first page's expiry.
 */
async function exportPage<T>(request: ExportRequest<T>, nowMs: number): Promise<{ answer: T; rate: Record<string, string> }> {
  const others = Object.keys(request.query ?? {}).filter((name) => name !== 'cursor');
  if (others.length > 0) {
    throw new ApiError(
      'INVALID_PARAMETER',
      'A cursor continues its export: give it alone.',
      others.map((parameter) => ({ parameter, message: 'is not allowed beside cursor' })),
    );
  }
  const values = request.query?.cursor ?? [];
  if (values.length !== 1) throw badCursor('is given more than once.');
  const hash = cursorHash(values[0] ?? '');
  const state = hash ? await counterRepository.getExportCursor(request.caller.accountId, hash) : undefined;
  if (!state || state.keyId !== request.caller.keyId) throw badCursor('is not a cursor this key was given.');
  if (state.format !== request.format) throw badCursor(`continues a ${state.format} export, not this one.`);
  if (Math.floor(nowMs / 1000) >= state.expiresAt) throw badCursor('has expired (a cursor chain lasts 24 hours).');
  const paging = {
    offset: state.offset,
    async next(offset: number): Promise<string> {
      const token = newCursorToken();
      await counterRepository.putExportCursor(request.caller.accountId, cursorHash(token) ?? '', { ...state, offset });
      return token;
    },
  };
  const answer = await request.render(await selectExportRows(state.query, nowMs, indexFor(state.query), MAX_EXPORT_ROWS, paging));
  return { answer, rate: {} };
}
