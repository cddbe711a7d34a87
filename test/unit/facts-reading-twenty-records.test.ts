/**
 * Phrases a reading of twenty random records (seed 141128) found misread: a cookie stolen "via
 * sniffing" is taken on the traffic's path (CVE-2002-1152), and "a foreign DLL running under the
 * context of the application" runs the attacker's code (CVE-2018-5238). Each with a neighbour it
 * leaves alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

describe('an attacker who sniffs', () => {
  it('is on-path whether the sniffing comes "by" or "via"', () => {
    expect(
      describedAttack(
        'Konqueror in KDE 3.0 through 3.0.2 does not properly detect the "secure" flag in an HTTP cookie, which could cause Konqueror to send the cookie across an unencrypted channel, which could allow remote attackers to steal the cookie via sniffing.',
      ).position,
    ).toBe('man_in_the_middle');
  });

  it('leaves a remote attacker who sends something alone', () => {
    expect(describedAttack('allows remote attackers to steal the cookie via a crafted link.').position).toBe('remote');
  });
});

describe('a planted library that runs', () => {
  it('is code execution', () => {
    expect(
      describedImpacts(
        'Norton Power Eraser (prior to 5.3.0.24) may be susceptible to a DLL Preloading vulnerability. The vulnerability can be exploited by a simple file write (or potentially an over-write) which results in a foreign DLL running under the context of the application.',
      ),
    ).toEqual(['code_execution']);
  });

  it('is not said of the program’s own DLL running', () => {
    expect(describedImpacts('The installer leaves its own DLL running under the context of the application after it exits.')).not.toContain('code_execution');
  });
});
