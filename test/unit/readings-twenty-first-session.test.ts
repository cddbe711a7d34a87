/**
 * Rules from the twenty-first session's readings, each beside a neighbour it must leave alone: a process a value is
 * inherited or obtained from is no place of the bug (PIA's umask, CVE-2019-12577; Popup Builder's nonce, CVE-2023-6696).
 */
import { describe, expect, it } from 'vitest';
import { describedComponent } from '../../shared/ingest/facts/component.js';

describe('the part a value comes from', () => {
  it('is not where the bug is when the value is inherited or obtained from it', () => {
    expect(
      describedComponent(
        'The macOS binary openvpn_launcher.64 is setuid root. This binary creates /tmp/pia_upscript.sh when executed. Because the file creation mask (umask) is not reset, the umask value is inherited from the calling process.',
      ),
    ).not.toBe('calling process');
    expect(
      describedComponent(
        'The Popup Builder plugin for WordPress is vulnerable to unauthorized access of functionality due to a missing capability check on several functions. While some functions contain a nonce check, the nonce can be obtained from the profile page of a logged-in user.',
      ),
    ).not.toBe('profile page');
  });

  it('still names a part the flaw is in', () => {
    expect(describedComponent('A buffer overflow in the profile page of Acme Portal 1.2 allows remote attackers to execute arbitrary code.')).toBe(
      'profile page',
    );
  });
});
