/**
 * Two kinds of gain the summary must not say as the record's plain statement: gains §9's fallback
 * reads off the CWE or the CVSS vector where the description states none (FreeRADIUS's unchecked
 * revocation, CVE-2015-4680; GitLab's CWE-269, CVE-2019-5472), and a gain the description states
 * only with other flaws (Zero Day Initiative's "in conjunction with other vulnerabilities to execute
 * arbitrary code", CVE-2023-39487). Both from the nineteenth session's readings.
 */
import { describe, expect, it } from 'vitest';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { impactsOnlyWithOtherFlaws } from '../../shared/ingest/facts/chained-impacts.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';
import { FIXTURE_NOW } from '../support/nvd-fixtures.js';

let sequence = 0;

function derived(description: string, vector: string, cwe?: string) {
  sequence++;
  const nvd = parseNvdCve({
    id: `CVE-2099-79${String(sequence).padStart(5, '0')}`,
    sourceIdentifier: 'cve@mitre.org',
    published: '2015-06-01T00:00:00.000',
    lastModified: '2015-06-02T00:00:00.000',
    vulnStatus: 'Analyzed',
    descriptions: [{ lang: 'en', value: description }],
    metrics: {
      cvssMetricV31: [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '3.1', vectorString: vector, baseScore: 7.5, baseSeverity: 'HIGH' } }],
    },
    ...(cwe ? { weaknesses: [{ source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: cwe }] }] } : {}),
    references: [],
  })!;
  return deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
}

const ZDI_DISCLOSURE =
  'PDF-XChange Editor util Out-Of-Bounds Read Information Disclosure Vulnerability. This vulnerability allows remote attackers to disclose sensitive information on affected installations of PDF-XChange Editor. User interaction is required to exploit this vulnerability in that the target must visit a malicious page or open a malicious file. The specific flaw exists within the handling of util objects. By performing actions in JavaScript, an attacker can trigger a read past the end of an allocated object. An attacker can leverage this in conjunction with other vulnerabilities to execute arbitrary code in the context of the current process. Was ZDI-CAN-19483.';

const ZDI_CODE =
  'PDF-XChange Editor Doc Object Use-After-Free Remote Code Execution Vulnerability. This vulnerability allows remote attackers to execute arbitrary code on affected installations of PDF-XChange Editor. User interaction is required to exploit this vulnerability in that the target must visit a malicious page or open a malicious file. An attacker can leverage this vulnerability to execute code in the context of the current process. Was ZDI-CAN-20000.';

describe('a gain the description states only with other flaws', () => {
  it('is the code execution of a disclosure "in conjunction with other vulnerabilities", not a direct code execution', () => {
    expect([...impactsOnlyWithOtherFlaws(ZDI_DISCLOSURE)]).toEqual(['code_execution']);
    expect([...impactsOnlyWithOtherFlaws(ZDI_CODE)]).toEqual([]);
    // The record's own escalation stays direct; only its chained code execution is said so.
    expect([
      ...impactsOnlyWithOtherFlaws(
        'This vulnerability allows local attackers to escalate privileges on affected installations of Foo. An attacker can leverage this vulnerability in conjunction with other vulnerabilities to escalate privileges and execute arbitrary code in the context of SYSTEM.',
      ),
    ]).toEqual(['code_execution']);
  });

  it('keeps the gain in the facts and says it last, with its condition; the title says what the flaw gives alone', () => {
    const r = derived(ZDI_DISCLOSURE, 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:L/I:N/A:N');
    expect(r.facts!.impacts).toEqual(['code_execution', 'information_disclosure']);
    expect(r.explanation!.summary).toContain(
      'can see information they should not see or run their own code (only when combined with other flaws) if a user opens a file',
    );
    expect(r.provenance['facts.impacts']).toBe('description (code_execution only with other flaws)');
    expect(r.title).not.toMatch(/run code/);
  });

  it('leaves a direct code execution said plainly', () => {
    const r = derived(ZDI_CODE, 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H');
    expect(r.explanation!.summary).toContain('can run their own code if a user opens');
    expect(r.explanation!.summary).not.toContain('combined with other flaws');
  });
});

describe('gains read off the CWE or the CVSS vector', () => {
  it('are said as the weakness type\'s, and the title says "may let"', () => {
    const r = derived(
      'FreeRADIUS 2.2.x before 2.2.8 and 3.0.x before 3.0.9 does not properly check revocation of intermediate CA certificates.',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N',
      'CWE-295',
    );
    expect(r.facts!.impacts).toEqual(['data_tampering']);
    expect(r.explanation!.summary).toContain(
      "Going by the record's weakness type (CWE-295), anyone who can reach it over the network, without an account, can change or delete data",
    );
    expect(r.title).toMatch(/ may let remote attackers change data$/);
  });

  it("are said as the CVSS rating's where no CWE gives any", () => {
    const r = derived(
      "In crossbeam-channel rust crate, the internal `Channel` type's `Drop` method has a race condition.",
      'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H',
    );
    expect(r.provenance['facts.impacts']).toBe('CVSS impact metrics');
    expect(r.explanation!.summary).toContain("Going by the record's CVSS rating, anyone who");
  });

  it("take no detail from the description's words (CVE-2019-13534: the monitor downloads source code; nobody sees it)", () => {
    const r = derived(
      'The product downloads source code or an executable from a remote location and executes the code without sufficiently verifying the origin and integrity of the code.',
      'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
    );
    expect(r.explanation!.summary).toContain('can see information they should not see, change or delete data');
    expect(r.explanation!.summary).not.toContain('such as source code');
  });

  it('leave a stated gain said plainly', () => {
    const r = derived('Foo 1.2 allows remote attackers to read arbitrary files.', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 'CWE-22');
    expect(r.explanation!.summary).not.toContain('Going by');
    expect(r.explanation!.summary).toContain('Anyone who can reach it over the network, without an account, can see information');
  });
});
