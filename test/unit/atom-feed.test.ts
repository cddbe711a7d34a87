import { describe, expect, it } from 'vitest';
import { recordMatchesFilters } from '../../shared/query/record-filter.js';
import { renderWatchlistFeed, type FeedEntry } from '../../shared/render/atom-feed.js';
import { toExportRecord } from '../../shared/render/export-record.js';
import { parseAtom } from '../support/atom.js';
import { makeRecord } from '../support/records.js';

const base = {
  watchlistId: 'wl_0000000000000001',
  baseUrl: 'https://plaincve.example',
  feedPath: `/feeds/${'a'.repeat(43)}.atom`,
  emptyUpdated: '2026-11-01T00:00:00.000Z',
};

describe('renderWatchlistFeed', () => {
  it('stays well-formed Atom whatever the record text holds (CDATA ends, markup, control characters)', () => {
    const hostile = makeRecord({ title: 'Evil ]]> <script>alert(1)</script> & co', description: 'x\u0000y\u001Fz ]]> </summary>', explanation: undefined });
    const entry: FeedEntry = {
      change_id: '01JD0000000000000000000001',
      cve_id: hostile.cve_id,
      changed_at: '2026-11-20T10:00:00.000Z',
      event: 'cve.updated',
      fields: ['description'],
      record: toExportRecord(hostile, '2026-11-20'),
    };
    const xml = renderWatchlistFeed({ ...base, name: 'Name ]]> <b>\u0001', entries: [entry] });
    const feed = parseAtom(xml);
    expect(feed.title).toBe('PlainCVE watchlist: Name ]]> <b>');
    expect(feed.entries).toHaveLength(1);
    // type="html": the text is escaped once for HTML, so a reader shows it and runs nothing.
    expect(feed.entries[0]!.title).toBe(`${hostile.cve_id} updated: Evil ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co`);
    expect(feed.entries[0]!.summary).toContain('xyz ]]&gt; &lt;/summary&gt;');
    expect(feed.entries[0]!.link).toBe(`https://plaincve.example/cve/${hostile.cve_id}`);
  });

  it('says the risk level in words, as a detection gap rather than a severity', () => {
    const record = makeRecord({ cvss_score: 5.3, severity: 'MEDIUM' });
    const change = { change_id: '01JD0000000000000000000002', cve_id: record.cve_id, changed_at: '2026-11-20T10:00:00.000Z' };
    const added: FeedEntry = { ...change, event: 'cve.added', fields: ['title'], record: toExportRecord(record, '2026-11-20') };
    const updated: FeedEntry = { ...added, event: 'cve.updated', fields: ['cvss_score'] };
    const bare = toExportRecord(makeRecord({ exploit_intel: undefined }), '2026-11-20');
    const unrated: FeedEntry = { ...added, event: 'cve.added', record: bare };
    const [first, second, third] = parseAtom(renderWatchlistFeed({ ...base, name: 'Words', entries: [added, updated, unrated] })).entries;
    const words = 'MEDIUM (CVSS 5.3); detection-gap risk level HIGH: a public exploit exists and detection rules exist.';
    expect(first!.summary).toContain(`New in PlainCVE: ${words}`);
    expect(second!.summary).toContain(`Now ${words}`);
    expect(third!.summary).toContain('New in PlainCVE: HIGH (CVSS 8.1). ');
    expect(third!.summary).not.toContain('risk level');
  });

  it('an empty feed is valid Atom dated by the watchlist', () => {
    const feed = parseAtom(renderWatchlistFeed({ ...base, name: 'Quiet', entries: [] }));
    expect(feed.entries).toEqual([]);
  });
});

describe('recordMatchesFilters: the export filter semantics on one record', () => {
  const record = toExportRecord(makeRecord({ cvss_score: 7.5, severity: 'HIGH', tags: [{ tag: 'OpenSSL', tag_type: 'product' }] }), '2026-11-20');
  const at = '2026-11-20T10:00:00.000Z';
  it.each([
    [{}, true],
    [{ severity: 'HIGH' }, true],
    [{ severity: 'LOW' }, false],
    [{ min_score: 7.5 }, true],
    [{ min_score: 7.6 }, false],
    [{ tag: 'openssl' }, true],
    [{ tag: 'nginx' }, false],
    [{ search: 'CRAFTED REQUEST' }, true],
    [{ search: 'no such words' }, false],
    [{ risk_level: 'HIGH', patch_status: 'available' }, true],
    [{ modified_since: '2026-11-20T10:00:00.000Z' }, true],
    [{ modified_since: '2026-11-20T10:00:00.001Z' }, false],
  ] as const)('%j → %s', (filters, expected) => {
    expect(recordMatchesFilters(record, at, filters)).toBe(expected);
  });
});
