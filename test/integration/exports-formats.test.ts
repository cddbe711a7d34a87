import { parse } from 'csv-parse/sync';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, CSV_EXTRA_COLUMNS, type CatalogueRecord, type ExportMeta, type ExportRecord } from '../../shared/domain/cve.js';
import { exportTestCatalogue } from '../support/export-catalogue.js';
import { exportClient, type Format } from '../support/export-client.js';
import { fixtureRecord, largestRecord, LARGEST_REFERENCES, LARGEST_TAG } from '../support/export-fixtures.js';
import { multitoolGhErrors, sarifSchemaErrors } from '../support/sarif-validation.js';
import { describeRecordedAnswersConformance } from '../support/answers-conformance.js';
import { startTestStack, type TestStack } from '../support/stack.js';

interface JsonExport {
  data: { cves: ExportRecord[]; meta: ExportMeta };
}

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** Records whose fields stress the formats: formulas, quotes, commas, line breaks, unknowns. */
const special: CatalogueRecord[] = [
  fixtureRecord({ id: 'CVE-2025-0001', score: 9.1, title: '=HYPERLINK("http://evil.example","click")', tags: ['formula'] }),
  fixtureRecord({ id: 'CVE-2025-0002', score: 8.1, title: '+1 then -2, with "quotes"', tags: ['formula'] }),
  fixtureRecord({ id: 'CVE-2025-0003', score: 7.1, title: '@SUM(A1:A2)\r\nsecond line', tags: ['formula'] }),
  fixtureRecord({ id: 'CVE-2025-0004', score: 6.1, title: '-negative start', tags: ['formula'] }),
  fixtureRecord({ id: 'CVE-2025-0005', score: 5.1, title: '\tTabbed, title', tags: ['formula'] }),
  fixtureRecord({ id: 'CVE-2025-0006', score: null, title: 'Unscored ünïcödé title', risk: null, patch: null, cwes: [], tags: ['formula'] }),
  // days_unpatched: to the patch date when patched, else to today (UTC).
  fixtureRecord({ id: 'CVE-2025-0007', score: 5.0, published: daysAgo(30), patch: 'not_available', tags: ['days'] }),
  fixtureRecord({ id: 'CVE-2025-0008', score: 5.0, published: '2024-01-01', patch: 'available', patchDate: '2024-01-31', tags: ['days'] }),
  fixtureRecord({ id: 'CVE-2025-0009', score: 5.0, published: daysAgo(10), patch: 'partial', tags: ['days'] }),
  // The SARIF level mapping edges.
  ...([3.9, 4.0, 6.9, 7.0] as const).map((score, i) => fixtureRecord({ id: `CVE-2025-010${i}`, score, tags: ['levels'], cwes: ['CWE-79', 'CWE-1321'] })),
  fixtureRecord({ id: 'CVE-2025-0104', score: null, tags: ['levels'] }),
  // Scored under the older CVSS v2 scale (product-decisions §6), with FIRST EPSS.
  {
    ...fixtureRecord({ id: 'CVE-2025-0200', score: 7.8, tags: ['older'], epss: { score: 0.0421, percentile: 0.8812, date: '2025-08-25' } }),
    cvss_version: '2.0',
    cvss_vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:C',
  },
  // One of each risk level, to see each said in words (product decisions §10).
  ...(['CRITICAL_GAP', 'HIGH', 'MEDIUM', 'LOW'] as const).map((risk, i) => fixtureRecord({ id: `CVE-2025-030${i}`, score: 9.0 - i, risk, tags: ['risk'] })),
];
/** What each `risk` fixture's level means, in the words every format gives beside it. */
const RISK_WORDS: Record<string, string> = {
  'CVE-2025-0300': 'CRITICAL GAP: a public exploit exists, no detection rule is known, and the flaw is severe (CVSS 7.0 or more) or known to be exploited',
  'CVE-2025-0301': 'HIGH: a public exploit exists and detection rules exist',
  'CVE-2025-0302': 'MEDIUM: no exploit is in the tracked exploit lists, but detection rules exist',
  'CVE-2025-0303': 'LOW: no exploit is in the tracked exploit lists and no detection rule is known',
};
const largest = Array.from({ length: 1000 }, (_, i) => largestRecord(i));

let stack: TestStack;
let client: ReturnType<typeof exportClient>;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.seed([...exportTestCatalogue(), ...special, ...largest]);
  client = exportClient(stack);
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

async function exportAs(format: Format, query: string, headers?: Record<string, string>) {
  const answer = await client.exportAs(format, query, await stack.newKey(), headers);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return answer;
}

function csvRows(text: string): Record<string, string>[] {
  return parse(text, { columns: true, record_delimiter: '\r\n', relax_quotes: false, skip_empty_lines: false }) as Record<string, string>[];
}

describe('CSV export', () => {
  it('is RFC 4180 with a header, CRLF line ends, and agrees row for row with the JSON export of the same query', async () => {
    for (const query of ['min_score=8.5', 'tag=formula', 'tag=days', 'patch_status=available&severity=medium', 'tag=older']) {
      const csv = await exportAs('csv', query);
      const json = (await exportAs('json', query)).json<JsonExport>().data.cves;
      // The interface's columns first, ours appended (product-decisions §4).
      expect(csv.text.startsWith(`${[...CSV_COLUMNS, ...CSV_EXTRA_COLUMNS].join(',')}\r\n`)).toBe(true);
      expect(csv.text.endsWith('\r\n')).toBe(true);
      expect(csv.text.replace(/"[^"]*"/g, '').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const rows = csvRows(csv.text);
      expect(rows).toHaveLength(json.length);
      rows.forEach((row, i) => {
        const cve = json[i] as ExportRecord;
        const status = cve.patch?.status;
        const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
        expect(Object.keys(row)).toEqual([...CSV_COLUMNS, ...CSV_EXTRA_COLUMNS]);
        expect(row.cve_id).toBe(cve.cve_id);
        expect(unneutralised(row.title ?? '')).toBe(cve.title);
        expect(row.severity).toBe(cve.severity);
        expect(row.cvss_score).toBe(cve.cvss_score === null ? '' : String(cve.cvss_score));
        expect(row.published_date).toBe(cve.published_date);
        expect(row.patch_status).toBe(status ?? '');
        expect(row.days_unpatched).toBe(status === undefined || status === 'available' ? '' : String(cve.patch?.days_unpatched));
        expect(row.risk_level).toBe(cve.exploit_intel?.risk_level ?? '');
        expect(row.cvss_version).toBe(cve.cvss_version ?? '');
        expect(row.cvss_vector).toBe(cve.cvss_vector ?? '');
        expect(row.epss_score).toBe(cve.exploit_intel?.epss ? String(cve.exploit_intel.epss.score) : '');
        expect(row.epss_percentile).toBe(cve.exploit_intel?.epss ? String(cve.exploit_intel.epss.percentile) : '');
        // The level in words, the same sentence the JSON export gives beside it.
        expect(row.risk_meaning).toBe(cve.exploit_intel?.risk_meaning ?? '');
        if (cve.exploit_intel) expect(row.risk_meaning?.startsWith(`${cve.exploit_intel.risk_level.replace('_', ' ')}: `)).toBe(true);
      });
    }
  });

  it('neutralises cells that a spreadsheet would read as formulas, and keeps quotes, commas and line breaks', async () => {
    const rows = csvRows((await exportAs('csv', 'tag=formula')).text);
    const title = (id: string) => rows.find((r) => r.cve_id === id)?.title;
    expect(title('CVE-2025-0001')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(title('CVE-2025-0002')).toBe(`'+1 then -2, with "quotes"`);
    expect(title('CVE-2025-0003')).toBe(`'@SUM(A1:A2)\r\nsecond line`);
    expect(title('CVE-2025-0004')).toBe(`'-negative start`);
    expect(title('CVE-2025-0005')).toBe(`'\tTabbed, title`);
    const unscored = rows.find((r) => r.cve_id === 'CVE-2025-0006');
    expect(unscored).toMatchObject({
      title: 'Unscored ünïcödé title',
      severity: 'UNKNOWN',
      cvss_score: '',
      patch_status: '',
      days_unpatched: '',
      risk_level: '',
      risk_meaning: '',
    });
  });

  it('is served as text/csv; charset=utf-8, as an attachment named after the export time', async () => {
    const answer = await exportAs('csv', 'tag=formula');
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="plaincve-export-\d{8}T\d{6}Z\.csv"$/);
  });
});

describe('JSON export', () => {
  it('computes days_unpatched at export time: to the patch date when patched, else to today (UTC)', async () => {
    const cves = (await exportAs('json', 'tag=days')).json<JsonExport>().data.cves;
    const days = (id: string) => cves.find((c) => c.cve_id === id)?.patch?.days_unpatched;
    expect(days('CVE-2025-0007')).toBe(30);
    expect(days('CVE-2025-0008')).toBe(30);
    expect(days('CVE-2025-0009')).toBe(10);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('records carry exactly the interface fields; optional objects only when known', async () => {
    const answer = await exportAs('json', 'tag=formula');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('content-disposition')).toMatch(/filename="plaincve-export-\d{8}T\d{6}Z\.json"$/);
    const cves = answer.json<JsonExport>().data.cves;
    const unscored = cves.find((c) => c.cve_id === 'CVE-2025-0006');
    expect(Object.keys(unscored ?? {})).toEqual([
      'cve_id',
      'title',
      'severity',
      'cvss_score',
      'description',
      'published_date',
      'cwe_ids',
      'explanation',
      'tags',
      'cvss_version',
      'cvss_vector',
    ]);
    expect(unscored).toMatchObject({ severity: 'UNKNOWN', cvss_score: null, cvss_version: null, cvss_vector: null });
    const full = cves.find((c) => c.cve_id === 'CVE-2025-0001');
    expect(Object.keys(full ?? {})).toEqual([
      'cve_id',
      'title',
      'severity',
      'cvss_score',
      'description',
      'published_date',
      'cwe_ids',
      'explanation',
      'exploit_intel',
      'patch',
      'tags',
      'cvss_version',
      'cvss_vector',
    ]);
    expect(full).toMatchObject({ cvss_version: '3.1', cvss_vector: expect.stringMatching(/^CVSS:3\.1\//) });
    const older = (await exportAs('json', 'tag=older')).json<JsonExport>().data.cves[0];
    expect(older).toMatchObject({
      cvss_score: 7.8,
      severity: 'HIGH',
      cvss_version: '2.0',
      cvss_vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:C',
      exploit_intel: { epss: { score: 0.0421, percentile: 0.8812, date: '2025-08-25' } },
    });
    for (const cve of cves) for (const field of ['cwe_names', 'in_kev', 'rejected', 'provenance', 'demo']) expect(cve).not.toHaveProperty(field);
  });
});

describe('the risk level in words, beside it in every format', () => {
  it('JSON: exploit_intel.risk_meaning says what the level means for the CVE', async () => {
    const cves = (await exportAs('json', 'tag=risk')).json<JsonExport>().data.cves;
    expect(Object.fromEntries(cves.map((c) => [c.cve_id, c.exploit_intel?.risk_meaning]))).toEqual(RISK_WORDS);
  });

  it('CSV: the appended risk_meaning column', async () => {
    const rows = csvRows((await exportAs('csv', 'tag=risk')).text);
    expect(Object.fromEntries(rows.map((r) => [r.cve_id, r.risk_meaning]))).toEqual(RISK_WORDS);
  });

  it('SARIF: a risk-meaning result property, and the help a code-scanning user reads says it is a detection gap', async () => {
    const log = (await exportAs('sarif', 'tag=risk')).json<Log>();
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(Object.fromEntries((run?.results ?? []).map((r) => [r.ruleId, r.properties?.['risk-meaning']]))).toEqual(RISK_WORDS);
    for (const rule of run?.tool.driver.rules ?? []) {
      expect(rule.help?.markdown).toContain(`**Risk level:** ${RISK_WORDS[rule.id]}.`);
      expect(rule.help?.markdown).toContain('measures a detection gap');
      expect(rule.help?.markdown).toContain('not how severe the flaw is');
      // The interface fixes help.text's form: Affected, a blank line, Fix.
      expect(rule.help?.text).toMatch(/^Affected: [^\n]+\n\nFix: [^\n]+$/);
    }
    const unrated = (await exportAs('sarif', 'tag=formula')).json<Log>().runs[0];
    expect(unrated?.tool.driver.rules?.find((r) => r.id === 'CVE-2025-0006')?.help?.markdown).not.toContain('Risk level');
    expect(unrated?.results?.find((r) => r.ruleId === 'CVE-2025-0006')?.properties).not.toHaveProperty('risk-meaning');
  });
});

describe('SARIF export', () => {
  it('validates against the SARIF 2.1.0 schema and passes the Multitool GitHub rules with zero errors', async () => {
    const logs: Log[] = [];
    for (const query of ['tag=levels', 'tag=formula', 'min_score=9&sarif_path=services/api/package-lock.json', 'search=no-such-text']) {
      const answer = await exportAs('sarif', query);
      expect(answer.headers.get('content-type')).toBe('application/sarif+json');
      expect(answer.headers.get('content-disposition')).toMatch(/filename="plaincve-export-\d{8}T\d{6}Z\.sarif"$/);
      const log = answer.json<Log>();
      expect(sarifSchemaErrors(log)).toEqual([]);
      logs.push(log);
    }
    // One run of the tool for the four (it starts in seconds).
    expect(await multitoolGhErrors(logs)).toEqual([]);
  }, 120_000);

  it('maps scores to levels at the edges 3.9, 4.0, 6.9, 7.0 and unscored', async () => {
    const log = (await exportAs('sarif', 'tag=levels')).json<Log>();
    const run = log.runs[0];
    const level = (id: string) => run?.results?.find((r) => r.ruleId === id)?.level;
    expect(level('CVE-2025-0100')).toBe('note');
    expect(level('CVE-2025-0101')).toBe('warning');
    expect(level('CVE-2025-0102')).toBe('warning');
    expect(level('CVE-2025-0103')).toBe('error');
    expect(level('CVE-2025-0104')).toBe('warning');
    const rule = (id: string) => run?.tool.driver.rules?.find((r) => r.id === id);
    expect(rule('CVE-2025-0103')?.properties?.['security-severity']).toBe('7.0');
    expect(rule('CVE-2025-0103')?.defaultConfiguration?.level).toBe('error');
    expect(rule('CVE-2025-0104')?.properties).not.toHaveProperty('security-severity');
    expect(run?.results?.find((r) => r.ruleId === 'CVE-2025-0104')?.message.text).toBe('CVE-2025-0104: Example flaw CVE-2025-0104 (CVSS unknown)');
    expect(run?.results?.find((r) => r.ruleId === 'CVE-2025-0100')?.message.text).toBe('CVE-2025-0100: Example flaw CVE-2025-0100 (CVSS v3.1 3.9)');
  });

  it('says which CVSS version and vector a score is on, and carries EPSS, in rule and result properties', async () => {
    const log = (await exportAs('sarif', 'tag=older')).json<Log>();
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run?.tool.driver.rules?.[0]?.properties).toMatchObject({
      'security-severity': '7.8',
      'cvss-version': '2.0',
      'cvss-vector': 'AV:N/AC:L/Au:N/C:N/I:N/A:C',
    });
    expect(run?.results?.[0]?.properties).toMatchObject({
      'cvss-score': 7.8,
      'cvss-version': '2.0',
      'epss-score': 0.0421,
      'epss-percentile': 0.8812,
      'epss-date': '2025-08-25',
    });
    const unscored = (await exportAs('sarif', 'tag=levels')).json<Log>().runs[0]?.tool.driver.rules?.find((r) => r.id === 'CVE-2025-0104');
    expect(unscored?.properties).not.toHaveProperty('cvss-version');
  });

  it('has the interface shape: rules, ruleIndex, one CWE 4.13 taxonomy with a taxon per CWE, tags, helpUri, help text', async () => {
    const log = (await exportAs('sarif', 'tag=levels&sarif_path=package-lock.json')).json<Log>();
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    if (!run) throw new Error('no run');
    expect(run.tool.driver).toMatchObject({ name: 'PlainCVE', informationUri: stack.baseUrl });
    expect(typeof run.tool.driver.version).toBe('string');
    const rules = run.tool.driver.rules ?? [];
    run.results?.forEach((result) => {
      expect(rules[result.ruleIndex ?? -1]?.id).toBe(result.ruleId);
      expect(result.locations?.[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'package-lock.json' }, region: { startLine: 1 } });
      expect(result.partialFingerprints?.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:1$/);
      expect(result.properties).toMatchObject({ weaponized: expect.any(Boolean) });
    });
    const rule = rules.find((r) => r.id === 'CVE-2025-0103');
    expect(rule).toMatchObject({
      shortDescription: { text: 'Example flaw CVE-2025-0103' },
      fullDescription: { text: 'Plain summary of CVE-2025-0103.' },
      helpUri: `${stack.baseUrl}/cve/CVE-2025-0103`,
      help: { text: 'Affected: Example Product before 2.0 (CVE-2025-0103).\n\nFix: Upgrade Example Product to 2.0 or later.' },
    });
    expect(rule?.help?.markdown).toContain('Plain summary of CVE-2025-0103.');
    expect(rule?.properties?.tags?.slice(0, 4)).toEqual(['security', 'CVE', 'external/cwe/cwe-79', 'external/cwe/cwe-1321']);
    expect(run.taxonomies).toHaveLength(1);
    expect(run.taxonomies?.[0]).toMatchObject({ name: 'CWE', version: '4.13' });
    expect(run.taxonomies?.[0]?.taxa).toEqual([
      { id: '79', shortDescription: { text: 'Name of CWE-79' } },
      { id: '1321', shortDescription: { text: 'Name of CWE-1321' } },
    ]);
    expect(run.automationDetails?.id).toMatch(/^plaincve\/[0-9a-f]{12}\/$/);
  });

  it('is stable: the same query gives the same fingerprints and automation id', async () => {
    const a = (await exportAs('sarif', 'tag=levels')).json<Log>().runs[0];
    const b = (await exportAs('sarif', 'TAG=levels'.toLowerCase())).json<Log>().runs[0];
    expect(b?.results?.map((r) => r.partialFingerprints)).toEqual(a?.results?.map((r) => r.partialFingerprints));
    expect(b?.automationDetails).toEqual(a?.automationDetails);
    const other = (await exportAs('sarif', 'tag=formula')).json<Log>().runs[0];
    expect(other?.automationDetails?.id).not.toBe(a?.automationDetails?.id);
  });
});

describe('answer size: 1000 of the largest records', () => {
  it.each<Format>(['csv', 'json', 'sarif'])('%s: all 1000 rows arrive, compressed when the client accepts it', async (format) => {
    const answer = await exportAs(format, `tag=${LARGEST_TAG}`, { 'Accept-Encoding': 'gzip, br' });
    if (format === 'csv') {
      expect(csvRows(answer.text)).toHaveLength(1000);
    } else if (format === 'json') {
      const data = answer.json<JsonExport>().data;
      expect(data.meta.exported).toBe(1000);
      expect(data.cves).toHaveLength(1000);
      expect(data.cves.every((c) => c.explanation?.references.length === LARGEST_REFERENCES)).toBe(true);
    } else {
      const log = answer.json<Log>();
      expect(log.runs[0]?.results).toHaveLength(1000);
      expect(log.runs[0]?.tool.driver.rules).toHaveLength(1000);
      expect(sarifSchemaErrors(log)).toEqual([]);
    }
    expect(answer.headers.get('content-encoding')).toBe(answer.text.length > 1024 ? 'br' : null);
  });

  it('a large export is sent uncompressed when the client asks for identity (a streamed answer has no size cap)', async () => {
    const plain = await exportAs('json', 'tag=levels', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const big = await exportAs('json', `tag=${LARGEST_TAG}`, { 'Accept-Encoding': 'identity' });
    expect(big.headers.get('content-encoding')).toBeNull();
    expect(big.json<JsonExport>().data.cves).toHaveLength(1000);
  });
});

describeRecordedAnswersConformance(() => client, 15);
