import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_KEY_PREFIXES, accountsKeys } from '../../shared/repositories/accounts-table.js';
import { codeLines, productSources } from '../support/stray-limits.js';

const root = join(import.meta.dirname, '..', '..');
const HOME = 'shared/repositories/accounts-table.ts';

/** `file:line` of every prefix of `prefixes` written in code (not comments) outside the accounts table's module. */
function strayPrefixes(prefixes: readonly string[], files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => file !== HOME)
    .flatMap((file) =>
      codeLines(read(file)).flatMap((code, i) => (prefixes.some((prefix) => code.includes(prefix)) ? [`${file}:${i + 1}  ${code.trim().slice(0, 160)}`] : [])),
    );
}

describe("the accounts table's key prefixes are spelled in its module alone", () => {
  const prefixes = Object.values(ACCOUNTS_KEY_PREFIXES);

  it('no other product source writes one', () => {
    expect(strayPrefixes(prefixes, productSources(root), (file) => readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it('the check finds a copy in code and ignores one in a comment', () => {
    const sources: Record<string, string> = {
      'a.ts': 'const pk = (id: string) => `WATCHLISTS#${id}`;',
      'b.ts': '/** The item `WATCHLISTS#<account>`. */\nconst pk = accountsKeys.watchlists;',
    };
    expect(strayPrefixes(prefixes, Object.keys(sources), (file) => sources[file] ?? '')).toEqual(['a.ts:1  const pk = (id: string) => `WATCHLISTS#${id}`;']);
  });

  it('keeps the shapes of the items already stored, and no prefix begins another (kindOfPk reads them)', () => {
    expect(accountsKeys.watchlists('a1')).toBe('WATCHLISTS#a1');
    expect(accountsKeys.webhookSecret('a1', 'w1')).toBe('WEBHOOKSECRET#a1#w1');
    expect(accountsKeys.deliveries('a1', 'w1')).toBe('DELIVERIES#a1#w1');
    expect(accountsKeys.feedToken('h')).toBe('FEEDTOKEN#h');
    expect(accountsKeys.key('h')).toBe('KEY#h');
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });
});
