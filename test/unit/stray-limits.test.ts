import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productSources, strayLimitLiterals, strayLimitsUnder } from '../support/stray-limits.js';

const root = join(import.meta.dirname, '..', '..');

describe('each limit is written once (shared/domain/limits.ts)', () => {
  it('no product source writes a limit out as a number (file:line of each copy)', () => {
    expect(productSources(root).length).toBeGreaterThan(100);
    expect(strayLimitsUnder(root)).toEqual([]);
  });

  it('finds a limit beside its words, in code and in page text', () => {
    const found = (source: string, names: string[] = []) => strayLimitLiterals(source, names).map((s) => `${s.line} ${s.limit}`);
    expect(found("const message = 'Too many requests: 100 per minute';")).toEqual(['1 CORE_LIMIT']);
    expect(found('<li>10 exports and scans per hour</li>')).toEqual(['1 EXPORT_LIMIT']);
    expect(found('x\nconst MAX_ROWS = 1000; // rows per export')).toEqual([]);
    expect(found('x\nconst cap = `at most 1,000 rows`;')).toEqual(['2 MAX_EXPORT_ROWS / CHANGES_MAX_LIMIT']);
    expect(found('const size = 4 * 1024 * 1024;')).toEqual(['1 MAX_MANIFEST_BYTES']);
    expect(found("message: 'The request body is over 10 MB'")).toEqual(['1 MAX_REQUEST_BODY_BYTES']);
    expect(found('if (count > 10_000) throw tooMany("components");')).toEqual(['1 MAX_COMPONENTS']);
    expect(found("throw conflict('at most 20 watchlists');")).toEqual(['1 MAX_WATCHLISTS']);
    expect(found('lifecycleRules: [{ expiration: Duration.days(90) }],')).toEqual(['1 CHANGE_RETENTION_DAYS / ACCESS_LOG_RETENTION_DAYS']);
    expect(found('export const MAX_WATCHLISTS = 25;', ['MAX_WATCHLISTS'])).toEqual(['1 MAX_WATCHLISTS']);
    expect(found("summary: 'The explanations of up to 100 CVEs at once',")).toEqual(['1 BATCH_LOOKUP.maxIds / FEED_ENTRIES']);
    expect(found('const page = 20; // matches a search shows\nshow(20, "results")')).toEqual(['2 SEARCH_RESULTS / PREVIEW_MATCHES']);
  });

  it('leaves alone the same numbers that are not those limits, and comments', () => {
    const found = (source: string, names: string[] = ['MAX_WATCHLISTS']) => strayLimitLiterals(source, names);
    expect(found('const BATCH_GET_LIMIT = 100;')).toEqual([]);
    expect(found('`${(epss.score * 100).toFixed(1)}% chance`')).toEqual([]);
    expect(found('/**\n * 100 requests per minute, 20 watchlists\n */\nconst a = 1;')).toEqual([]);
    expect(found('// the 90 days the change log keeps')).toEqual([]);
    expect(found('const x = 1; // 10 exports an hour')).toEqual([]);
    expect(found('export const MAX_WATCHLISTS = LIMITS.watchlists;')).toEqual([]);
    expect(found("import { MAX_WATCHLISTS } from './limits.js';")).toEqual([]);
  });
});
