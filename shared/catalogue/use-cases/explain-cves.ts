import type { CveBatch } from '../../domain/cve-batch.js';
export { batchUnitsOfBody, cveBatchRequestSchema } from '../../domain/cve-batch.js';
import { normaliseCveId } from '../../domain/cve-id.js';
import { ApiError, type ErrorDetail } from '../../domain/errors.js';
import { toCveExplanation } from '../../domain/explanation.js';
import { BATCH_LOOKUP } from '../../domain/limits.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { platformClock } from '../../platform/clock.js';

/** Each id checked as the lookup checks one; a bad, repeated or missing one is named. */
function checkedIds(raw: readonly string[]): string[] {
  if (raw.length < 1 || raw.length > BATCH_LOOKUP.maxIds) {
    throw new ApiError('INVALID_PARAMETER', undefined, [{ parameter: 'ids', message: `must hold 1 to ${BATCH_LOOKUP.maxIds} CVE ids (got ${raw.length})` }]);
  }
  const details: ErrorDetail[] = [];
  const seen = new Map<string, number>();
  const ids = raw.map((value, i) => {
    const id = normaliseCveId(value);
    if (!id) details.push({ parameter: `ids[${i}]`, message: `${JSON.stringify(value.slice(0, 40))} is not a CVE id (CVE-<year>-<4 to 19 digits>)` });
    else if (seen.has(id)) details.push({ parameter: `ids[${i}]`, message: `repeats ids[${seen.get(id)}] (${id}); each id once` });
    else seen.set(id, i);
    return id ?? '';
  });
  if (details.length > 0) throw new ApiError('INVALID_PARAMETER', 'Some ids are not distinct, well-formed CVE ids.', details);
  return ids;
}

/** POST /api/cves/batch (product decisions §10): the lookup of up to 100 ids, one BatchGet per 100. */
export async function explainCves(raw: readonly string[], nowMs = platformClock.now()): Promise<CveBatch> {
  const ids = checkedIds(raw);
  const records = new Map((await cveRepository.getMany(ids)).map((r) => [r.cve_id, r]));
  const batch: CveBatch = { cves: [], not_found: [], rejected: [] };
  for (const id of ids) {
    const record = records.get(id);
    if (!record) batch.not_found.push(id);
    else if (record.rejected) batch.rejected.push(id);
    else batch.cves.push(toCveExplanation(record, utcDay(nowMs)));
  }
  return batch;
}
