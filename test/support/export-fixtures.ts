import type { CatalogueRecord, PatchStatus, RiskLevel, Severity } from '../../shared/domain/cve.js';

/** Deterministic pseudo-random numbers (mulberry32), so fixtures are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function severityOf(score: number | null): Severity {
  if (score === null) return 'UNKNOWN';
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  return 'LOW';
}

export interface FixtureOptions {
  readonly id: string;
  readonly score?: number | null;
  readonly published?: string;
  readonly title?: string;
  readonly description?: string;
  readonly risk?: RiskLevel | null;
  readonly patch?: PatchStatus | null;
  readonly patchDate?: string;
  readonly tags?: readonly string[];
  readonly cwes?: readonly string[];
  readonly rejected?: boolean;
  /** FIRST EPSS on the record's exploit intelligence (needs a risk level). */
  readonly epss?: { score: number; percentile: number; date: string };
}

/** A fixed v3.1 vector for scored fixtures; the score itself is the fixture's. */
export const FIXTURE_VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';

/** A complete catalogue record with every optional object present unless switched off (null). */
export function fixtureRecord(o: FixtureOptions): CatalogueRecord {
  const score = o.score === undefined ? 5.0 : o.score;
  const cwes = o.cwes ?? ['CWE-79'];
  const record: CatalogueRecord = {
    cve_id: o.id,
    title: o.title ?? `Example flaw ${o.id}`,
    severity: severityOf(score),
    cvss_score: score,
    description: o.description ?? `A test vulnerability ${o.id} in an example product.`,
    published_date: o.published ?? '2024-01-15',
    cwe_ids: [...cwes],
    explanation: {
      summary: `Plain summary of ${o.id}.`,
      affected: `Example Product before 2.0 (${o.id}).`,
      fix: 'Upgrade Example Product to 2.0 or later.',
      references: [{ title: 'Advisory', url: `https://example.com/advisories/${o.id}`, ref_type: 'vendor_advisory' }],
    },
    tags: (o.tags ?? ['example-vendor']).map((tag, i) => ({ tag, tag_type: i === 0 ? 'vendor' : 'product' })),
    cwe_names: Object.fromEntries(cwes.map((c) => [c, `Name of ${c}`])),
    in_kev: false,
    rejected: o.rejected ?? false,
    provenance: { cvss_score: 'test fixture' },
    cvss_version: score === null ? null : '3.1',
    cvss_vector: score === null ? null : FIXTURE_VECTOR,
  };
  if (o.risk !== null) {
    const risk = o.risk ?? 'LOW';
    record.exploit_intel = {
      risk_level: risk,
      detectable: risk === 'HIGH' || risk === 'MEDIUM',
      weaponized: risk === 'CRITICAL_GAP' || risk === 'HIGH',
      detection_sources: risk === 'MEDIUM' || risk === 'HIGH' ? ['nuclei'] : [],
      exploit_sources: risk === 'CRITICAL_GAP' || risk === 'HIGH' ? ['exploit-db'] : [],
      ...(o.epss ? { epss: o.epss } : {}),
    };
  }
  if (o.patch !== null) {
    const status = o.patch ?? 'not_available';
    record.patch = {
      status,
      ...(status === 'available' ? { patch_date: o.patchDate ?? '2024-02-01' } : {}),
      patch_urls: status === 'available' ? [`https://example.com/patches/${o.id}`] : [],
      days_unpatched: 0,
    };
  }
  return record;
}

const WORDS = (
  'attacker remote authenticated unauthenticated request crafted header buffer overflow heap stack memory ' +
  'corruption injection command query parameter server client library module plugin version before after ' +
  'allows execute arbitrary code denial service information disclosure privilege escalation bypass access ' +
  'control validation input output sanitization cross site scripting forgery path traversal upload file ' +
  'configuration default credentials token session cookie certificate signature verification kernel driver ' +
  'firmware router gateway appliance database cache proxy parser deserialization template rendering engine'
).split(' ');

function text(random: () => number, length: number): string {
  const out: string[] = [];
  let size = 0;
  while (size < length) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'x';
    // Mix in numbers and identifiers, as real advisories do, so the text compresses like real text.
    const token = random() < 0.15 ? `${word}-${Math.floor(random() * 1e6).toString(36)}` : word;
    out.push(token);
    size += token.length + 1;
  }
  return out.join(' ').slice(0, length);
}

/**
 * The largest record the export is designed for (docs/exports.md, "Answer size"): the longest
 * NVD description (4,000 characters), a 200-character title, long explanation texts, 46
 * references (NVD's 99th percentile) with long URLs, 10 tags and 5 CWEs. Texts are pseudo-random words, so they compress like real prose
 * rather than like repeated characters.
 */
export const LARGEST_REFERENCES = 46;
/** Every largest record carries this tag, so a test can export exactly them. */
export const LARGEST_TAG = 'largest-record';

export function largestRecord(n: number): CatalogueRecord {
  const random = seededRandom(n + 1);
  const id = `CVE-2024-${String(100000 + n)}`;
  const cwes = ['CWE-79', 'CWE-89', 'CWE-787', 'CWE-416', 'CWE-20'];
  const base = fixtureRecord({ id, score: 9.8, risk: 'CRITICAL_GAP', patch: 'not_available', cwes, tags: [] });
  return {
    ...base,
    title: text(random, 200),
    description: text(random, 4000),
    explanation: {
      summary: text(random, 1000),
      affected: text(random, 600),
      fix: text(random, 600),
      references: Array.from({ length: LARGEST_REFERENCES }, (_, i) => ({
        title: text(random, 60),
        url: `https://security.example.com/advisories/${Math.floor(random() * 1e12).toString(36)}/${text(random, 40).replace(/ /g, '-')}?ref=${i}`,
        ref_type: 'vendor_advisory',
      })),
    },
    exploit_intel: {
      risk_level: 'CRITICAL_GAP',
      detectable: false,
      weaponized: true,
      detection_sources: [],
      exploit_sources: ['cisa-kev', 'metasploit', 'exploit-db', 'github-poc'],
    },
    tags: [
      { tag: LARGEST_TAG, tag_type: 'technology' as const },
      ...Array.from({ length: 9 }, (_, i) => ({ tag: `${text(random, 12).replace(/ /g, '-')}-${i}`, tag_type: 'product' as const })),
    ],
    cwe_names: Object.fromEntries(cwes.map((c) => [c, text(random, 60)])),
  };
}

/**
 * NVD's extreme (docs/exports.md, "Answer size"): the most references any NVD record carries
 * (434) on top of the largest record's long texts. 1000 of them make a JSON export of about
 * 85 MB, far past Lambda's 6 MB buffered answer even compressed: only a streamed answer fits.
 */
export const EXTREME_REFERENCES = 434;
/** Every extreme record carries this tag, so a test can export exactly them. */
export const EXTREME_TAG = 'nvd-extreme';

export function nvdExtremeRecord(n: number): CatalogueRecord {
  const random = seededRandom(1_000_000 + n);
  const base = largestRecord(n);
  const id = `CVE-2023-${String(200000 + n)}`;
  return {
    ...base,
    cve_id: id,
    explanation: {
      ...(base.explanation ?? { summary: '', affected: '', fix: '' }),
      references: Array.from({ length: EXTREME_REFERENCES }, (_, i) => ({
        title: text(random, 50),
        url: `https://lists.example.org/archives/${Math.floor(random() * 1e12).toString(36)}/${text(random, 30).replace(/ /g, '-')}?ref=${i}`,
        ref_type: 'mailing_list',
      })),
    },
    tags: [{ tag: EXTREME_TAG, tag_type: 'technology' as const }, ...base.tags.slice(1)],
  };
}
