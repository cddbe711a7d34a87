/**
 * Rules from the twentieth session's readings, each beside a neighbour it must leave alone: the process whose rights the
 * attacker gains or must already control is no place of the bug (MuleSoft, CVE-2019-15630; Chrome's compromised renderer),
 * OWASP's stored-XSS wording is stored script (PandoraFMS, CVE-2019-19968), and a library's users who "might mistakenly
 * read" a value disclose nothing to an attacker (go-jose, CVE-2016-9122).
 */
import { describe, expect, it } from 'vitest';
import type { AttackFacts } from '../../shared/domain/facts.js';
import { victimClause } from '../../shared/ingest/explainer/fact-words.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

describe('a process named beside the gain', () => {
  it('is not where the bug is when its files are accessible to it, its rights gained, or it was compromised first', () => {
    expect(
      describedComponent(
        'Directory Traversal in APIkit, HTTP connector, and OAuth2 Provider components in MuleSoft Mule Runtime 3.2.0 and higher released before August 1 2019 allow remote attackers to read files accessible to the Mule process.',
      ),
    ).not.toBe('Mule process');
    expect(
      describedComponent(
        'Use after free in Blink in Google Chrome prior to 80.0.3987.87 allowed a remote attacker who had compromised the renderer process to potentially perform a sandbox escape via a crafted HTML page.',
      ),
    ).toBeNull();
    expect(
      describedComponent(
        'An out-of-bounds write in vhost-user-gpu of QEMU in versions up to 6.0 can allow a malicious guest to crash the QEMU process on the host.',
      ),
    ).toBeNull();
    expect(describedComponent('Processing maliciously crafted web content may result in the disclosure of process memory.')).toBeNull();
  });

  it('still names a process, daemon or service that is the place ("in the authentication process", "crash the flowd daemon")', () => {
    expect(describedComponent('A flaw in the authentication process of Acme Portal 2.1 allows remote attackers to log in as any user.')).toBe(
      'authentication process',
    );
    expect(describedComponent('A crafted packet sent to Junos OS SRX Series devices may crash the flowd daemon.')).toBe('flowd daemon');
  });
});

describe('stored script the victim only views', () => {
  const attack: AttackFacts = { position: 'remote', privileges: 'user', user_interaction: true };
  it('is said as a page holding the script for OWASP\'s "data store that is later read" and "XSS (stored)"', () => {
    const pandora =
      'PandoraFMS 742 suffers from multiple XSS vulnerabilities, affecting the Agent Management, Report Builder, and Graph Builder components. An authenticated user can inject dangerous content into a data store that is later read and included in dynamic content.';
    expect(victimClause(attack, ['cross_site_scripting'], pandora)).toBe(' when someone views a page the attacker stored the script in');
    expect(victimClause(attack, ['cross_site_scripting'], 'There is an XSS (stored) vulnerability in ZenTao 11.5.1.')).toBe(
      ' when someone views a page the attacker stored the script in',
    );
  });

  it('keeps reflected and non-persistent script a link or page the attacker made', () => {
    expect(victimClause(attack, ['cross_site_scripting'], 'A reflected XSS in the search page. The attack vector is non-persistent.')).toBe(
      ' when someone opens a link or page the attacker made',
    );
  });
});

describe("a value the library's users might mistakenly read", () => {
  it('is no disclosure (go-jose, CVE-2016-9122)', () => {
    expect(
      describedImpacts(
        'go-jose before 1.0.4 suffers from multiple signatures exploitation. The go-jose library supports messages with multiple signatures. However, when validating a signed message the API did not indicate which signature was valid, which could potentially lead to confusion. For example, users of the library might mistakenly read protected header values from an attached signature that was different from the one originally validated.',
      ),
    ).toEqual([]);
  });

  it('leaves an attacker who reads protected values', () => {
    expect(describedImpacts('The flaw allows remote attackers to read protected header values of other users.')).toEqual(['information_disclosure']);
  });
});
