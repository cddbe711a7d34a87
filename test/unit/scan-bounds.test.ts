import { describe, expect, it } from 'vitest';
import { ApiError, boundedDetails, MAX_ERROR_DETAILS } from '../../shared/domain/errors.js';
import type { ScanFinding } from '../../shared/domain/scan-report.js';
import { createWatchlistSchema } from '../../shared/domain/watchlist.js';
import { classifyAddress } from '../../shared/domain/webhook-address.js';
import { escapeMarkdown } from '../../shared/render/markdown.js';
import { FIELD_BOUNDS, MAX_JSON_DEPTH, MAX_LINE_LENGTH, MAX_NOT_CHECKED_LISTED, MAX_REPORTED_VULNERABILITIES } from '../../shared/scan/bounds.js';
import type { ParsedManifest } from '../../shared/scan/manifest.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { boundMatches } from '../../shared/scan/report-bounds.js';
import type { ScanMatch } from '../../shared/domain/scan-match.js';
import { craftedManifests } from '../support/crafted-manifests.js';

async function outcome(body: string): Promise<ParsedManifest | ApiError> {
  try {
    return await parseManifest(body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

async function refusal(body: string): Promise<ApiError> {
  const result = await outcome(body);
  if (!(result instanceof ApiError)) throw new Error(`accepted: ${JSON.stringify(result).slice(0, 200)}`);
  return result;
}

describe("issue 24's crafted manifests: a 4xx or a bounded reading, never a failure", () => {
  it.each(craftedManifests().map((m) => [m.name, m] as const))('%s', async (_name, manifest) => {
    const result = await outcome(manifest.body);
    if (result instanceof ApiError) {
      expect(result.statusCode).toBeGreaterThanOrEqual(400);
      expect(result.statusCode).toBeLessThan(500);
      expect(JSON.stringify(result.toEnvelope()).length).toBeLessThan(10_000);
      return;
    }
    for (const entry of result.notChecked) expect(entry.entry.length).toBeLessThanOrEqual(200);
    for (const component of result.components) {
      expect(component.name.length).toBeLessThanOrEqual(FIELD_BOUNDS.name);
      expect(component.version.length).toBeLessThanOrEqual(FIELD_BOUNDS.version);
    }
  });
});

describe('structural bounds of JSON manifests', () => {
  it(`a CycloneDX document nested 20,000 deep is a 400 naming the ${MAX_JSON_DEPTH}-deep bound`, async () => {
    const nested = craftedManifests().find((m) => m.name.includes('nested'))!;
    const error = await refusal(nested.body);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/more than 64 deep/);
  });

  it('a nesting just inside the bound is read', async () => {
    const depth = MAX_JSON_DEPTH - 4;
    const body = `{"lockfileVersion":3,"packages":{"":{"x":${'['.repeat(depth)}${']'.repeat(depth)}},"node_modules/a":{"version":"1.0.0"}}}`;
    const result = await outcome(body);
    expect(result).not.toBeInstanceOf(ApiError);
  });

  it('a package-lock key with a lone surrogate is a 400, not a failure of the purl encoder', async () => {
    const error = await refusal('{"lockfileVersion":3,"packages":{"":{},"node_modules/a\\ud800":{"version":"1.0.0"}}}');
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/lone surrogate/);
    expect(error.details?.[0]?.parameter).toMatch(/^body\.packages\.node_modules\/a/);
    // A surrogate pair is text like any other.
    const paired = await outcome('{"lockfileVersion":3,"packages":{"":{},"node_modules/a\\ud83d\\ude00":{"version":"1.0.0"}}}');
    expect(paired).not.toBeInstanceOf(ApiError);
  });

  it('a "__proto__" key is refused, not dropped', async () => {
    const error = await refusal('{"lockfileVersion":3,"packages":{"":{},"__proto__":{"version":"1.0.0"}}}');
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/__proto__/);
  });

  it('an array over 20,000 items is refused before the schema is checked', async () => {
    const components = Array.from({ length: 20_001 }, () => ({ type: 'library', name: 'x' }));
    const error = await refusal(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components }));
    expect(error.message).toMatch(/20001 items/);
  });

  it('duplicate CycloneDX components are read (uniqueItems is not checked pairwise)', async () => {
    const components = Array.from({ length: 3 }, () => ({ type: 'library', name: 'same', version: '1.0.0', purl: 'pkg:npm/same@1.0.0' }));
    const result = await outcome(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components }));
    if (result instanceof ApiError) throw result;
    expect(result.components).toHaveLength(3);
  });
});

describe('field and line bounds', () => {
  it('a PyPI version over 256 characters is not checked, with the reason', async () => {
    const version = `1${'.0'.repeat(200)}`;
    const result = await outcome(`django==${version}\nflask==2.0.0\n`);
    if (result instanceof ApiError) throw result;
    expect(result.components.map((c) => c.name)).toEqual(['flask']);
    expect(result.notChecked[0]).toMatchObject({ line: 1, reason: `Not checked: its version is ${version.length} characters long; a scan reads at most 256.` });
    expect(result.notChecked[0]!.entry.length).toBeLessThanOrEqual(200);
  });

  it('an SBOM purl whose version is over the bound is not checked', async () => {
    const purl = `pkg:npm/lodash@4${'.1'.repeat(300)}`;
    const result = await outcome(
      JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components: [{ type: 'library', name: 'lodash', purl }] }),
    );
    if (result instanceof ApiError) throw result;
    expect(result.components).toHaveLength(0);
    expect(result.notChecked[0]?.reason).toMatch(/its (version|purl) is \d+ characters long/);
  });

  it("found by the fuzz suite: an empty lockfile name reads the path's name; a CPE-only version over the bound is not checked", async () => {
    const lock = await outcome('{"lockfileVersion":2,"packages":{"":{},"node_modules/@scope/name":{"version":"0","name":""}}}');
    if (lock instanceof ApiError) throw lock;
    expect(lock.components).toMatchObject([{ name: '@scope/name', purl: 'pkg:npm/%40scope/name@0' }]);
    const cpe = `cpe:/a:a:django:1${'.0'.repeat(150)}`;
    const spdx = await outcome(
      JSON.stringify({
        spdxVersion: 'SPDX-2.3',
        dataLicense: 'CC0-1.0',
        SPDXID: 'SPDXRef-DOCUMENT',
        name: 'x',
        documentNamespace: 'https://example.com/x',
        creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: x'] },
        packages: [
          {
            SPDXID: 'SPDXRef-a',
            name: 'django',
            versionInfo: '',
            externalRefs: [{ referenceCategory: 'SECURITY', referenceType: 'cpe22Type', referenceLocator: cpe }],
          },
        ],
      }),
    );
    if (spdx instanceof ApiError) throw spdx;
    expect(spdx.components).toEqual([]);
    expect(spdx.notChecked[0]?.reason).toBe('Not checked: its version is 301 characters long; a scan reads at most 256.');
  });

  it('"a" + 150,000 spaces + "x" is one line not checked for its length', async () => {
    const result = await outcome(`a${' '.repeat(150_000)}x\nflask==2.0.0\n`);
    if (result instanceof ApiError) throw result;
    expect(result.components.map((c) => c.name)).toEqual(['flask']);
    expect(result.notChecked).toEqual([
      { entry: 'a', line: 1, reason: `Not checked: the line is 150002 characters long; a scan reads at most ${MAX_LINE_LENGTH}.` },
    ]);
  });

  it('requirement lines with runs of whitespace are still read as pip reads them', async () => {
    const result = await outcome(`Django ${' '.repeat(500)}[argon2]   ==   3.2.0   --hash=sha256:abc ; python_version >= "3"\nrequests  >=2\n`);
    if (result instanceof ApiError) throw result;
    expect(result.components).toMatchObject([{ name: 'Django', version: '3.2.0', line: 1 }]);
    expect(result.notChecked).toMatchObject([{ line: 2, reason: 'Not pinned with ==: no single installed version follows from it.' }]);
  });

  it('a million option lines count toward the line bound: a 400, not a 69 MB answer', async () => {
    const error = await refusal('-\n'.repeat(1_000_000));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/more than 20000 requirement and option lines/);
  });
});

describe('bounded answers', () => {
  const vulnerability = (id: string) =>
    ({
      id,
      cve_id: null,
      severity: 'HIGH',
      cvss_score: 7,
      risk_level: 'HIGH',
      fixed_versions: [],
      title: 't',
      summary: 's',
      fix: 'f',
    }) as unknown as ScanFinding['vulnerabilities'][number];
  const match = (i: number, count: number): ScanMatch => ({
    finding: {
      component: { name: `c${i}`, version: '1', purl: null, line: i + 1 },
      vulnerabilities: Array.from({ length: count }, (_, v) => vulnerability(`V-${i}-${v}`)),
    },
    componentKey: `npm:c${i}`,
  });

  it(`lists at most ${MAX_REPORTED_VULNERABILITIES} vulnerabilities, worst findings first, and counts the rest`, () => {
    const matches = Array.from({ length: 1500 }, (_, i) => match(i, 3));
    const bounded = boundMatches(matches, []);
    expect(bounded.vulnerabilitiesTotal).toBe(4500);
    expect(bounded.findingsTotal).toBe(1500);
    expect(bounded.matches.reduce((n, m) => n + m.finding.vulnerabilities.length, 0)).toBe(MAX_REPORTED_VULNERABILITIES);
    expect(bounded.matches[0]).toBe(matches[0]);
    // The last finding listed keeps its worst vulnerabilities only.
    expect(bounded.matches).toHaveLength(667);
    expect(bounded.matches.at(-1)?.finding.vulnerabilities.map((v) => v.id)).toEqual(['V-666-0', 'V-666-1']);
  });

  it(`lists at most ${MAX_NOT_CHECKED_LISTED} not_checked entries and counts them all`, () => {
    const notChecked = Array.from({ length: 5000 }, (_, i) => ({ entry: `e${i}`, line: i + 1, reason: 'r' }));
    const bounded = boundMatches([], notChecked);
    expect(bounded.notChecked).toHaveLength(MAX_NOT_CHECKED_LISTED);
    expect(bounded.notCheckedTotal).toBe(5000);
  });

  it(`an error lists at most ${MAX_ERROR_DETAILS} details, the last one counting the rest`, () => {
    const details = Array.from({ length: 50_000 }, (_, i) => ({ parameter: `filters.k${i}`, message: 'is not a filter'.repeat(100) }));
    const error = new ApiError('BAD_REQUEST', 'bad', details);
    expect(error.details).toHaveLength(MAX_ERROR_DETAILS + 1);
    expect(error.details?.at(-1)).toEqual({ parameter: '…', message: `and ${50_000 - MAX_ERROR_DETAILS} more (50000 in all)` });
    expect(error.details?.[0]?.message.length).toBeLessThanOrEqual(300);
    expect(boundedDetails(details.slice(0, 3))).toHaveLength(3);
  });
});

describe('the smaller items', () => {
  it('Markdown escaping folds a line break inside a long run of spaces, and keeps other runs', () => {
    expect(escapeMarkdown(`a${' '.repeat(100_000)}b`)).toBe(`a${' '.repeat(100_000)}b`);
    expect(escapeMarkdown(`a${' '.repeat(50_000)}\n${' '.repeat(50_000)}b`)).toBe('a b');
    expect(escapeMarkdown('  one\r\n\r\n two  ')).toBe('one two');
  });

  it.each(['::127.0.0.1', '::169.254.169.254', '::7f00:1', '::a9fe:a9fe', '::808:808', '0:0:0:0:0:0:10.0.0.1'])(
    'the webhook guard refuses the IPv4-compatible address %s',
    (address) => {
      expect(classifyAddress(address)).toMatchObject({ allowed: false });
    },
  );

  it('the webhook guard still judges IPv4-mapped addresses by their IPv4 address', () => {
    expect(classifyAddress('::ffff:8.8.8.8')).toMatchObject({ allowed: true });
    expect(classifyAddress('::ffff:169.254.169.254')).toMatchObject({ allowed: false, range: 'linkLocal' });
  });

  it.each([
    ['a control character', 'prod\u0007alerts'],
    ['a line break', 'prod\nalerts'],
    ['a right-to-left override', 'prod\u202Estrela'],
    ['a bidirectional isolate', 'prod\u2067x\u2069'],
    ['a left-to-right mark', 'prod\u200Ealerts'],
  ])('a watchlist name with %s is refused', (_what, name) => {
    expect(createWatchlistSchema.safeParse({ name, events: ['cve.added'] }).success).toBe(false);
  });

  it('a watchlist name of visible text in any script is accepted', () => {
    expect(createWatchlistSchema.safeParse({ name: 'Prod — שרתים 日本 ✓', events: ['cve.added'] }).success).toBe(true);
  });

  it('more watchlist filter keys than the export has filters are refused as a whole', () => {
    const filters = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'x']));
    const parsed = createWatchlistSchema.safeParse({ name: 'x', events: ['cve.added'], filters });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.length).toBeLessThanOrEqual(2);
  });
});
