/**
 * The change log's side of the ingest (product-decisions §7): for the records a batch is about
 * to write, read the versions the catalogue holds, compute what moved (`computeChange`) and
 * append one change per record whose product fields moved. In AWS the design moves this to a
 * DynamoDB Streams consumer with old and new images (docs/architecture.md, "Change feed"); the
 * computation is the same function.
 */
import { computeChange } from '../../domain/change.js';
import type { CatalogueRecord } from '../../domain/cve.js';
import { utcDay } from '../../domain/days-unpatched.js';
import { riskStateOf } from '../../domain/risk-transition.js';
import type { ChangeRecorder } from '../writer.js';
import type { NewChange } from '../../repositories/change-repository.js';
import { cveRepository } from '../../repositories/cve-repository.js';
import { patiently } from '../../repositories/patience.js';
import { toExportRecord } from '../../render/export-record.js';
import { ChangeLogWriter } from './change-log-writer.js';

/** The changes from `before` (by id; missing = new to the catalogue) to each record of `after`. */
export function changesBetween(before: ReadonlyMap<string, CatalogueRecord>, after: readonly CatalogueRecord[], nowMs: number): NewChange[] {
  const day = utcDay(nowMs);
  return after.flatMap((record) => {
    const previous = before.get(record.cve_id);
    const change = computeChange(previous, record);
    if (!change) return [];
    const riskBefore = previous && !previous.rejected ? riskStateOf(previous) : undefined;
    const riskAfter = change.kind === 'rejected' ? undefined : riskStateOf(record);
    return [
      {
        cve_id: record.cve_id,
        kind: change.kind,
        fields: change.fields,
        ...(change.kind === 'rejected' ? {} : { record: toExportRecord(record, day) }),
        ...(riskBefore ? { risk_before: riskBefore } : {}),
        ...(riskAfter ? { risk_after: riskAfter } : {}),
      },
    ];
  });
}

/** A recorder for one ingest run: one change-log writer, closed when the run ends. */
export function changeLogRecorder(): ChangeRecorder {
  const writer = new ChangeLogWriter();
  return {
    async record(changed, existing) {
      // Only records that exist and whose content hash moved are read back: a re-ingest of the
      // same data reads nothing here, and a new record needs no old version.
      const old = existing.size > 0 ? await patiently(() => cveRepository.getMany([...existing])) : [];
      const nowMs = Date.now();
      const changes = changesBetween(new Map(old.map((r) => [r.cve_id, r])), changed, nowMs);
      await writer.append(changes);
      // A record whose product fields moved was modified now; one whose content changed in
      // bookkeeping only keeps the time it had.
      const modified = new Map(old.flatMap((r) => (r.modified_at ? [[r.cve_id, r.modified_at] as const] : [])));
      const at = new Date(nowMs).toISOString();
      for (const change of changes) modified.set(change.cve_id, at);
      return modified;
    },
    close: () => writer.close(),
  };
}
