import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statusOf, type ErrorCode } from '../../shared/domain/errors.js';
import { PROJECT_ROOT } from '../../shared/local/stack.js';
import { openApiDocument } from '../../shared/openapi/document.js';

const readme = readFileSync(`${PROJECT_ROOT}/README.md`, 'utf8');

/** The README's error table: one [status, code] per row, in its order. */
function readmeErrorRows(): [number, string][] {
  const section = readme.slice(readme.indexOf('## Errors'));
  return [...section.matchAll(/^\| (\d{3}) \| `([A-Z_]+)` \|/gm)].map((m) => [Number(m[1]), m[2] ?? '']);
}

describe("the README's error table is the API's (one fact in one place)", () => {
  it('lists exactly the codes of the OpenAPI document, in its order, each with the status the service answers', () => {
    const document = openApiDocument('http://localhost', 'test') as {
      components?: { schemas?: Record<string, { properties?: Record<string, { properties?: Record<string, { enum?: string[] }> }> }> };
    };
    const codes = document.components?.schemas?.ErrorEnvelope?.properties?.error?.properties?.code?.enum;
    expect(codes?.length).toBeGreaterThan(10);
    const rows = readmeErrorRows();
    expect(rows.map(([, code]) => code)).toEqual(codes);
    for (const [status, code] of rows) expect(statusOf(code as ErrorCode), code).toBe(status);
  });
});
