import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/domain/errors.js';
import { DEFAULT_SARIF_PATH, parseExportQuery } from '../../shared/query/export-query.js';

function details(fn: () => unknown): { parameter: string; message: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) {
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.statusCode).toBe(400);
      return error.details ?? [];
    }
    throw error;
  }
  throw new Error('expected a 400');
}

describe('parseExportQuery', () => {
  it('accepts no parameters', () => {
    expect(parseExportQuery('json', null)).toEqual({ format: 'json', filters: {}, sarifPath: DEFAULT_SARIF_PATH });
  });

  it('normalises enum case and parses min_score as a number', () => {
    const q = parseExportQuery('csv', {
      severity: ['high'],
      risk_level: ['critical_gap'],
      patch_status: ['Not_Available'],
      min_score: ['7.5'],
      tag: ['Apache'],
      search: ['Log4j'],
    });
    expect(q.filters).toEqual({ severity: 'HIGH', risk_level: 'CRITICAL_GAP', patch_status: 'not_available', min_score: 7.5, tag: 'Apache', search: 'Log4j' });
  });

  it.each([
    ['2026-11-01', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T08:30:00Z', '2026-11-01T08:30:00.000Z'],
    ['2026-11-01T08:30:00.250Z', '2026-11-01T08:30:00.250Z'],
    ['2026-11-01T10:30:00+02:00', '2026-11-01T08:30:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('accepts modified_since=%s as the instant %s', (value, instant) => {
    expect(parseExportQuery('csv', { modified_since: [value] }).filters.modified_since).toBe(instant);
  });

  it.each(['2026-13-01', '2026-02-30', '2023-02-29', '2026-11-1', '2026-11-01T08:30', '2026-11-01 08:30:00Z', 'yesterday', '1730000000', ''])(
    'rejects modified_since=%j',
    (value) => {
      expect(details(() => parseExportQuery('json', { modified_since: [value] })).map((d) => d.parameter)).toEqual(['modified_since']);
    },
  );

  it.each(['0', '10', '10.0', '0.1', '7'])('accepts min_score=%s', (value) => {
    expect(parseExportQuery('json', { min_score: [value] }).filters.min_score).toBe(Number(value));
  });

  it.each(['-0.1', '10.01', '11', 'abc', '', '1e1', '7,5', ' 7', '0x7', 'NaN', 'Infinity'])('rejects min_score=%j', (value) => {
    expect(details(() => parseExportQuery('json', { min_score: [value] })).map((d) => d.parameter)).toEqual(['min_score']);
  });

  it('accepts a 200-character search and rejects 201 characters, an empty one and control characters', () => {
    expect(parseExportQuery('json', { search: ['x'.repeat(200)] }).filters.search).toHaveLength(200);
    for (const bad of ['x'.repeat(201), '', 'a\u0000b', 'a\nb']) {
      expect(details(() => parseExportQuery('json', { search: [bad] }))[0]?.parameter).toBe('search');
    }
  });

  it('names every unknown, repeated and out-of-domain parameter at once, with what it accepts', () => {
    const found = details(() =>
      parseExportQuery('json', { foo: ['1'], severity: ['HIGH', 'LOW'], risk_level: ['NONE'], patch_status: ['patched'], sarif_path: ['a.json'] }),
    );
    expect(found.map((d) => d.parameter).sort()).toEqual(['foo', 'patch_status', 'risk_level', 'sarif_path', 'severity']);
    expect(found.find((d) => d.parameter === 'patch_status')?.message).toContain('available, partial, workaround_only, not_available');
    expect(found.find((d) => d.parameter === 'severity')?.message).toContain('more than once');
    expect(found.find((d) => d.parameter === 'foo')?.message).toContain('severity');
  });

  it('takes sarif_path for SARIF only, as a relative path without dot segments', () => {
    expect(parseExportQuery('sarif', { sarif_path: ['services/api/package-lock.json'] }).sarifPath).toBe('services/api/package-lock.json');
    for (const bad of ['../x', '/x', 'a/./b', 'a//b', 'c:\\x', 'a b', 'x/', 'https://e.example/x', '']) {
      expect(details(() => parseExportQuery('sarif', { sarif_path: [bad] }))[0]?.parameter, bad).toBe('sarif_path');
    }
  });
});
