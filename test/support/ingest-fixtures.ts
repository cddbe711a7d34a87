import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';
import { readSourceFile } from '../../shared/ingest/files.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/ingest/', import.meta.url));
export const fixture = (name: string) => join(FIXTURES, name);

export const ALL_FIXTURES = [
  'nvd-cves.jsonl',
  'nvd-api-page.json',
  'cve5-records.jsonl',
  'kev.json',
  'kev.csv',
  'cwe-names.tsv',
  'cwe-categories.tsv',
  'exploitdb-map.tsv',
  'metasploit.tsv',
  'poc-lists.jsonl',
  'nuclei.jsonl',
  'sigma.tsv',
  'suricata.tsv',
  'emerging-test.rules',
  'camera.yar',
  'semgrep.yaml',
  'osv.json',
  'epss.csv',
  'joined.tsv',
] as const;

/**
 * The fixtures copied to a temporary folder under names that say nothing of their content
 * (`file-07.dat`), every other one gzipped: what a run sees must come from the content.
 */
export function disguisedFixtureDir(names: readonly string[] = ALL_FIXTURES): string {
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-ingest-'));
  names.forEach((name, i) => {
    const target = join(dir, `file-${String(i).padStart(2, '0')}.dat`);
    if (i % 2 === 0) writeFileSync(target, gzipSync(readFileSync(fixture(name))));
    else copyFileSync(fixture(name), target);
  });
  return dir;
}

export async function assembleFixtures(names: readonly string[] = ALL_FIXTURES): Promise<CatalogueAssembler> {
  const assembler = new CatalogueAssembler();
  for (const name of names) await readSourceFile(fixture(name), assembler);
  return assembler;
}
