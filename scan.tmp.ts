import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueAssembler } from './shared/ingest/assembler.js';
import { readSourceFile } from './shared/ingest/files.js';
import { deriveRecord } from './shared/ingest/derive/record.js';
import { explanationFaults } from './test/support/explanation-checks.js';
const files = (d: string): string[] => readdirSync(d).flatMap((n) => { const p = join(d, n); return statSync(p).isDirectory() ? files(p) : [p]; });
const a = new CatalogueAssembler();
let t = Date.now();
for (const f of files('/work/shared/data')) await readSourceFile(f, a);
console.log('read', (Date.now() - t) / 1000); t = Date.now();
const cats = new Map<string, { n: number; ex: string[] }>();
let count = 0;
for (const id of a.recordIds()) {
  const r = deriveRecord(a.sourcesFor(id), new Date())!;
  count++;
  for (const [field, text] of Object.entries({ ...(/affected products|CVE id only|rejected/.test(r.provenance.title ?? '') ? { title: r.title } : {}), summary: r.explanation!.summary, affected: r.explanation!.affected, fix: r.explanation!.fix })) {
    for (const f of explanationFaults(text)) {
      const k = `${field}: ${f}`; const c = cats.get(k) ?? { n: 0, ex: [] }; c.n++; if (c.ex.length < 4) c.ex.push(`${id} ${text.slice(0, 300)}`); cats.set(k, c);
    }
  }
}
console.log('derive', count, (Date.now() - t) / 1000);
for (const [k, v] of cats) console.log(k, v.n, '\n  ' + v.ex.join('\n  '));
