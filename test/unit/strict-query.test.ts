import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/domain/errors.js';
import { parseChangesQuery } from '../../shared/query/changes-query.js';
import { parseExportQuery } from '../../shared/query/export-query.js';
import { parsePackageQuery } from '../../shared/query/package-query.js';
import { parseScanQuery } from '../../shared/query/scan-query.js';

/** The 400 a parser throws, as a client reads it. */
function refusal(fn: () => unknown): { message: string; details: { parameter: string; message: string }[] } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) {
      expect(error.code).toBe('INVALID_PARAMETER');
      return { message: error.message, details: error.details ?? [] };
    }
    throw error;
  }
  throw new Error('expected a 400');
}

// The four readers share one strict parser: these pin the words each endpoint's 400 used before.
describe('one strict query parser, four endpoints', () => {
  it('changes: names unknown, repeated and invalid parameters in the order given', () => {
    expect(refusal(() => parseChangesQuery({ limit: ['0'], foo: ['1'], since: ['a', 'b'] }))).toEqual({
      message: 'Invalid query parameters: limit, foo, since.',
      details: [
        { parameter: 'limit', message: 'must be a whole number from 1 to 1000' },
        { parameter: 'foo', message: 'is not a parameter of this endpoint; accepted parameters: since, limit' },
        { parameter: 'since', message: 'is given more than once; give it once' },
      ],
    });
    expect(parseChangesQuery({ limit: ['7'] })).toEqual({ limit: 7 });
  });

  it('scan: says "of the scan" and reads the format without regard to case', () => {
    expect(refusal(() => parseScanQuery({ formats: ['json'] }))).toEqual({
      message: 'Invalid query parameter: formats.',
      details: [{ parameter: 'formats', message: 'is not a parameter of the scan; accepted parameters: format, manifest_path' }],
    });
    expect(parseScanQuery({ format: ['SARIF'] })).toEqual({ format: 'sarif', manifestPath: undefined });
    expect(refusal(() => parseScanQuery({ format: ['xml'] })).details).toEqual([{ parameter: 'format', message: 'must be one of json, sarif, openvex' }]);
  });

  it('exports: sarif_path belongs to the SARIF export alone', () => {
    expect(refusal(() => parseExportQuery('csv', { sarif_path: ['a.json'] })).details).toEqual([
      {
        parameter: 'sarif_path',
        message: 'is not a parameter of this export; accepted parameters: severity, risk_level, patch_status, tag, min_score, search, modified_since',
      },
    ]);
    expect(parseExportQuery('sarif', { sarif_path: ['a.json'] }).sarifPath).toBe('a.json');
  });

  it('packages: path and query parameters in one 400 ("Invalid parameters")', () => {
    expect(refusal(() => parsePackageQuery('cobol', 'x', { version: ['1', '2'], v: ['1'] }))).toEqual({
      message: 'Invalid parameters: ecosystem, version, v.',
      details: [
        { parameter: 'ecosystem', message: expect.stringMatching(/^must be one of npm, /) as unknown as string },
        { parameter: 'version', message: 'is given more than once; give it once' },
        { parameter: 'v', message: 'is not a parameter of this endpoint; accepted parameters: version' },
      ],
    });
    expect(refusal(() => parsePackageQuery('npm', 'left-pad', {}))).toEqual({
      message: 'Invalid parameter: version.',
      details: [{ parameter: 'version', message: 'is required: the version to check' }],
    });
    expect(parsePackageQuery('npm', 'left-pad', { version: [' 1.3.0 '] })).toEqual({ ecosystem: 'npm', name: 'left-pad', version: '1.3.0' });
  });
});
