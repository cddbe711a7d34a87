import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER } from '../../shared/domain/cve.js';
import { openApiDocument } from '../../shared/openapi/document.js';
import { renderCsv } from '../../shared/render/csv.js';
import { makeRecord } from '../support/records.js';

const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'exports.md'), 'utf8');

/** The first cells of the table under docs/exports.md's "### CSV", as written (`cve_id`). */
function documentedColumns(): string[] {
  const section = docs.slice(docs.indexOf('### CSV'), docs.indexOf('### JSON'));
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] ?? '');
}

describe('the CSV columns come from one list (CSV_HEADER)', () => {
  it('the writer writes them, in order', () => {
    const header = renderCsv([makeRecord()], '2026-11-26').split('\r\n')[0];
    expect(header?.split(',')).toEqual([...CSV_HEADER]);
  });

  it("docs/exports.md's column table lists them, in order", () => {
    expect(documentedColumns()).toEqual([...CSV_HEADER]);
  });

  it('the OpenAPI text names every one, in order', () => {
    const text = JSON.stringify(openApiDocument('https://plaincve.example', '1.0.0'));
    const listed = /with the columns ([a-z_, ]+) \(/.exec(text)?.[1]?.split(', ');
    expect(listed).toEqual([...CSV_HEADER]);
  });
});
