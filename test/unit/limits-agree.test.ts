import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillLimits } from '../../dashboard/build.js';
import {
  CORE_LIMIT,
  DEFAULT_KEY_ROTATIONS_PER_HOUR,
  EXPORT_LIMIT,
  MAX_COMPONENTS,
  MAX_ERROR_DETAILS,
  MAX_EXPORT_ROWS,
  MAX_MANIFEST_BYTES,
  MAX_MANIFEST_LABEL,
  MAX_NOT_CHECKED_LISTED,
  MAX_REPORTED_VULNERABILITIES,
  MAX_REQUEST_BODY_LABEL,
  MAX_WATCHLISTS,
} from '../../shared/domain/limits.js';
import { parseConfig } from '../../shared/config/index.js';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** Numbers as the docs write them: 1,000 and 10,000. */
const n = (value: number) => value.toLocaleString('en-US');
const ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** The cells after the first of the table row whose first cell is `name` (the docs keep their tables literal). */
function row(markdown: string, name: string): string {
  const line = markdown.split('\n').find((l) => l.startsWith(`| ${name} |`));
  if (!line) throw new Error(`no table row "${name}"`);
  return line.slice(`| ${name} |`.length);
}

// The docs keep their numbers as text a reader can grep; these hold that text to the limits module,
// so a limit changed in one place fails here until the docs say the same.
describe('the docs state the limits of shared/domain/limits.ts', () => {
  it("README's Limits table", () => {
    const readme = read('README.md');
    expect(row(readme, 'Requests')).toContain(`${n(CORE_LIMIT.limit)} per UTC minute per account`);
    expect(row(readme, 'Exports')).toContain(`${n(EXPORT_LIMIT.limit)} per UTC hour per account`);
    expect(row(readme, 'Export size')).toContain(`${n(MAX_EXPORT_ROWS)} rows`);
    expect(row(readme, 'Scans')).toContain(`${MAX_MANIFEST_LABEL} per manifest`);
    expect(row(readme, 'Scans')).toContain(`${n(MAX_COMPONENTS)} components`);
    expect(row(readme, 'Key rotations')).toContain(`${n(DEFAULT_KEY_ROTATIONS_PER_HOUR)} per UTC hour per account`);
    expect(row(readme, 'Error details')).toContain(`at most ${n(MAX_ERROR_DETAILS)}`);
  });

  it("README's error table", () => {
    const readme = read('README.md');
    expect(row(readme, '409')).toContain(`a ${MAX_WATCHLISTS + 1}st watchlist`);
    expect(row(readme, '413')).toContain(`a scanned manifest over ${MAX_MANIFEST_LABEL}`);
    expect(row(readme, '413')).toContain(`a request body over ${MAX_REQUEST_BODY_LABEL}`);
    expect(row(readme, '429')).toContain(`more than ${n(CORE_LIMIT.limit)} requests in the current UTC minute`);
    expect(row(readme, '429')).toContain(`a ${ORDINALS[DEFAULT_KEY_ROTATIONS_PER_HOUR + 1] ?? ''} key rotation in the UTC hour`);
    expect(readme).toContain(`| 429 | \`EXPORT_LIMIT_EXCEEDED\` | more than ${n(EXPORT_LIMIT.limit)} exports and scans in the current UTC hour`);
  });

  it("docs/scan.md's limits and bounds", () => {
    const scan = read('docs/scan.md');
    expect(scan).toContain(`**${MAX_MANIFEST_LABEL}** (${n(MAX_MANIFEST_BYTES)} bytes) per manifest`);
    expect(scan).toContain(`**${n(MAX_COMPONENTS)} components**`);
    expect(row(scan, 'Components')).toContain(` ${n(MAX_COMPONENTS)} |`);
    expect(row(scan, 'The answer')).toContain(`${n(MAX_NOT_CHECKED_LISTED)} \`not_checked\` entries and ${n(MAX_REPORTED_VULNERABILITIES)} vulnerabilities`);
    expect(row(scan, "An error's `details`")).toContain(` ${n(MAX_ERROR_DETAILS)}, the last one`);
  });

  it("docs/exports.md's JSON meta", () => {
    expect(read('docs/exports.md')).toContain(`"max_rows": ${MAX_EXPORT_ROWS}`);
  });

  it("the rotations allowance defaults to the module's number", () => {
    expect(parseConfig({}).KEY_ROTATIONS_PER_HOUR).toBe(DEFAULT_KEY_ROTATIONS_PER_HOUR);
  });

  it('the static pages get their limits at build, and an unknown name fails the build', () => {
    for (const page of ['dashboard/src/home.html', 'dashboard/src/index.html']) {
      const built = fillLimits(read(page));
      expect(built).not.toContain('{{');
      expect(built).toContain(`${CORE_LIMIT.limit} requests`);
      expect(built).toContain(`${EXPORT_LIMIT.limit} exports`);
    }
    expect(fillLimits(read('dashboard/src/home.html'))).toContain(`${MAX_EXPORT_ROWS} rows per export`);
    expect(() => fillLimits('{{limit:nonsense}}')).toThrow(/no limit named "nonsense"/);
  });
});
