/**
 * Readings of the twenty-third session (the h49 blind set and the seventeenth reading of twenty random records), each
 * beside a neighbour it must leave alone: what the attacker gains, who they are and what the text says of them, the
 * product names the dictionary's titles give, and a fix Oracle's Critical Patch Update states.
 */
import { describe, expect, it } from 'vitest';
import { attackerWords } from '../../shared/ingest/explainer/fact-words.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { cutTitle } from '../../shared/ingest/names/cpe-titles.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

describe('script code run "in the context of the interface" (Cisco\'s XSS template, CVE-2020-3580, h49)', () => {
  it('is cross-site scripting, not code running on the device', () => {
    const impacts = describedImpacts(
      'A successful exploit could allow the attacker to execute arbitrary script code in the context of the interface or allow the attacker to access sensitive, browser-based information.',
    );
    expect(impacts).toContain('cross_site_scripting');
    expect(impacts).not.toContain('code_execution');
  });

  it('still runs code "in the context of the browser process" or of the affected system', () => {
    expect(describedImpacts('allows attackers to execute arbitrary script code in the context of the browser process.')).toContain('code_execution');
    expect(describedImpacts('allows remote attackers to execute arbitrary code in the context of the affected system.')).toContain('code_execution');
  });
});

describe('other gains the h49 set showed unread', () => {
  it('runs code through "arbitrary MVEL expressions and Java code" (Elasticsearch, CVE-2014-3120)', () => {
    expect(
      describedImpacts(
        'enables dynamic scripting, which allows remote attackers to execute arbitrary MVEL expressions and Java code via the source parameter to _search.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote attackers to evaluate arbitrary expressions via the filter parameter.')).not.toContain('code_execution');
  });

  it('gains privileges by "native code in a privileged context" after a sandbox bypass (Adobe Reader, CVE-2014-0546)', () => {
    expect(
      describedImpacts(
        'allow attackers to bypass a sandbox protection mechanism, and consequently execute native code in a privileged context, via unspecified vectors.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation', 'security_bypass']);
    expect(describedImpacts('allow attackers to execute native code via unspecified vectors.')).toEqual(['code_execution']);
  });

  it('spoofs answers by DNS cache poisoning (Infoblox DNS One, CVE-2002-2213); a web cache is another matter', () => {
    expect(describedImpacts('allows remote attackers to conduct DNS cache poisoning via a birthday attack.')).toEqual(['spoofing']);
    expect(describedImpacts('allow remote attackers to conduct cache poisoning attacks.')).not.toContain('spoofing');
  });
});

describe('who attacks', () => {
  it('needs the victim where an ActiveX SDK is driven by a page (Panasonic PS-API, CVE-2015-4647)', () => {
    expect(
      describedAttack(
        'Multiple stack-based buffer overflows in Ipropsapi in Panasonic Security API (PS-API) ActiveX SDK before 8.10.18 allow remote attackers to execute arbitrary code via a long string in the FilePassword property.',
      ).userInteraction,
    ).toBe(true);
    expect(
      describedAttack('A buffer overflow in the Acme SDK before 8.10.18 allows remote attackers to execute arbitrary code via a long string.').userInteraction,
    ).not.toBe(true);
  });

  it('says "without an account" only where privileges are known to be none (CVE-2025-45021 had no CVSS)', () => {
    const description = 'Attackers can exploit SQL injection in admin/edit-directory.php of PHPGurukul Directory Management System 2.0.';
    expect(attackerWords({ position: 'remote', privileges: null, user_interaction: false }, description)).toBe('A remote attacker');
    expect(attackerWords({ position: 'remote', privileges: 'none', user_interaction: false }, description)).toContain('without an account');
  });
});

describe('product names from dictionary titles with "Version" before the number', () => {
  it('names Symantec Endpoint Protection Manager without "Version" (CVE-2016-3647)', () => {
    expect(cutTitle('Symantec Endpoint Protection Manager (SEPM) Version 12.1.2', '12.1.2', 'endpoint_protection_manager')).toBe(
      'Symantec Endpoint Protection Manager (SEPM)',
    );
  });
});

describe("Oracle's Critical Patch Update as the stated fix (CVE-2020-2802, the seventeenth reading)", () => {
  const stated = (vendor: string, url: string) =>
    derivedFixture(
      'Vulnerability in the GraalVM Enterprise Edition product of Oracle GraalVM (component: GraalVM Compiler). Supported versions that are affected are 19.3.1 and 20.0.0.',
      [orNode({ criteria: `cpe:2.3:a:${vendor}:graalvm:20.0.0:*:*:*:enterprise:*:*:*` })],
      { references: [{ url, tags: [] }] },
    ).facts!.fix_stated;

  it('states a fix where an Oracle product points at one update, whatever its reference is tagged', () => {
    expect(stated('oracle', 'https://www.oracle.com/security-alerts/cpuapr2020.html')).toBe(true);
  });

  it('states none for another vendor pointing at it, nor for an untagged page of another kind', () => {
    expect(stated('jasper_project', 'https://www.oracle.com/security-alerts/cpuapr2020.html')).toBe(false);
    expect(stated('oracle', 'https://www.oracle.com/java/technologies/graalvm.html')).toBe(false);
  });
});
