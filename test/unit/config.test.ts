import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig, resetConfig, tableName } from '../../shared/config/index.js';

describe('configuration (shared/config)', () => {
  afterEach(() => {
    delete process.env.CATALOGUE_TABLE;
    resetConfig();
  });

  it('fills defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ AWS_REGION: 'us-east-1', DYNAMODB_TIMEOUT_MS: 1500, PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(config.DYNAMODB_ENDPOINT).toBeUndefined();
  });

  it('coerces numbers and keeps valid values', () => {
    const config = parseConfig({ DYNAMODB_TIMEOUT_MS: '250', DYNAMODB_ENDPOINT: 'http://127.0.0.1:4567', CATALOGUE_TABLE: 'plaincve-catalogue' });
    expect(config.DYNAMODB_TIMEOUT_MS).toBe(250);
    expect(config.DYNAMODB_ENDPOINT).toBe('http://127.0.0.1:4567');
    expect(config.CATALOGUE_TABLE).toBe('plaincve-catalogue');
  });

  it('names the bad variable in a clear error', () => {
    expect(() => parseConfig({ DYNAMODB_TIMEOUT_MS: 'soon' })).toThrow(/^Invalid configuration: DYNAMODB_TIMEOUT_MS: /);
    expect(() => parseConfig({ DYNAMODB_TIMEOUT_MS: '-5' })).toThrow(/DYNAMODB_TIMEOUT_MS/);
    expect(() => parseConfig({ DYNAMODB_ENDPOINT: 'not a url' })).toThrow(/Invalid configuration: DYNAMODB_ENDPOINT/);
    expect(() => parseConfig({ PUBLIC_BASE_URL: 'localhost' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => parseConfig({ CATALOGUE_TABLE: 'x' })).toThrow(/CATALOGUE_TABLE/);
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      parseConfig({ DYNAMODB_TIMEOUT_MS: 'soon', DYNAMODB_ENDPOINT: '::' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/Invalid configuration: /);
    expect(message).toMatch(/DYNAMODB_TIMEOUT_MS: /);
    expect(message).toMatch(/DYNAMODB_ENDPOINT: /);
  });

  it('refuses any timeout that is not a positive whole number, naming it (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*\+?0*[1-9]\d*(\.0*)?\s*$/.test(s) && !/^\s*0x[0-9a-f]+\s*$/i.test(s) && !/^\s*\d+e\d+\s*$/i.test(s)),
        (value) => {
          try {
            parseConfig({ DYNAMODB_TIMEOUT_MS: value });
            return false;
          } catch (error) {
            return error instanceof Error && error.message.startsWith('Invalid configuration: DYNAMODB_TIMEOUT_MS');
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tells which table a function lacks', () => {
    resetConfig();
    expect(() => tableName('CATALOGUE_TABLE')).toThrow('Invalid configuration: CATALOGUE_TABLE is not set for this function');
    process.env.CATALOGUE_TABLE = 'plaincve-catalogue';
    resetConfig();
    expect(tableName('CATALOGUE_TABLE')).toBe('plaincve-catalogue');
  });
});
