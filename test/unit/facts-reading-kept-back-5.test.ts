/**
 * Phrases a fifth blind annotation (45 records of 2008/2015/2018 nobody here had read, seed
 * "h28-blind") found misread: each rule is checked on its phrase, and on the neighbouring
 * phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { AttackFacts } from '../../shared/domain/facts.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { attackerWords, impactPhrase, serverAttacksClient } from '../../shared/ingest/explainer/fact-words.js';

describe('what the attacker gains, phrases of the fifth kept-back set', () => {
  it.each<[string, string[]]>([
    // a series of verbs that share one object: each verb is a gain on it
    [
      'Automatic Bug Reporting Tool (ABRT) allows local users to read, change the ownership of, or have other unspecified impact on arbitrary files via a symlink attack on (1) /var/tmp/abrt/*/maps or (2) /tmp/jvm-*/hs_error.log.',
      ['information_disclosure', 'data_tampering', 'unspecified'],
    ],
    ['allows remote attackers to create, modify, or delete arbitrary files via a crafted request.', ['data_tampering']],
    // access to stored information is reading it, beside the hard-coded credentials' bypass
    [
      'Juniper Networks Contrail Service Orchestration releases prior to 3.3.0 have Cassandra service enabled by default with hardcoded credentials. These credentials allow network based attackers unauthorized access to information stored in Cassandra.',
      ['security_bypass', 'information_disclosure'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves a list whose verbs have objects of their own', () => {
    expect(describedImpacts('allows remote attackers to cause a denial of service, or read arbitrary files via a crafted path.')).toEqual([
      'information_disclosure',
      'denial_of_service',
    ]);
    expect(describedImpacts('allows remote attackers to cause a denial of service (crash), hang, or restart the device.')).toEqual(['denial_of_service']);
  });
});

describe('who can attack and who must act, phrases of the fifth kept-back set', () => {
  it('reads "makes it easier for local users to" as the attacker slot', () => {
    expect(
      describedAttack(
        'Omron CX-One CX-Programmer before 9.6 uses a reversible format for password storage in project source-code files, which makes it easier for local users to obtain sensitive information by reading a file.',
      ),
    ).toEqual({ position: 'local', privileges: 'user', userInteraction: false });
  });

  it.each<[string, boolean | undefined]>([
    // a malicious server reads the memory of the client that connects to it
    [
      "FreeRDP 2.0.0-rc3 contains a Other/Unknown vulnerability in channels/drdynvc/client/drdynvc_main.c that can result in The RDP server can read the client's memory.. This attack appear to be exploitable via RDPClient must connect the rdp server with echo option.",
      true,
    ],
    // a local user who gains privileges with no vector named acts alone
    [
      'The default configuration of consolehelper in system-config-network before 1.5.10-1 on Fedora 8 lacks the USER=root directive, which allows local users of the workstation console to gain privileges and change the network configuration.',
      false,
    ],
    // "via unknown vectors" leaves open how, even for a local user
    ['Unspecified vulnerability in the Data Store component allows local users to affect integrity and availability via unknown vectors.', undefined],
    // an ActiveX control's properties are set by a page its user loads
    [
      'Stack-based buffer overflow in the Creative Software AutoUpdate Engine ActiveX control in CTSUEng.ocx allows remote attackers to execute arbitrary code via a long CacheFolder property value.',
      true,
    ],
    // an app on the device: who installed it is not said
    [
      'dyld in Apple iOS before 9 allows attackers to bypass a code-signing protection mechanism via an app that places a crafted signature in an executable file.',
      undefined,
    ],
    // a local user runs their own application
    ['The kernel in Microsoft Windows 10 allows local users to gain privileges via a crafted application.', false],
    // an application server is no app on the device
    ['allows remote attackers to execute arbitrary code via an application server request.', false],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});

describe('the words for the attacker and the gain', () => {
  const remoteAnyone: AttackFacts = { position: 'remote', privileges: 'none', user_interaction: null };

  it('says a malicious server attacks the clients that connect to it', () => {
    const text = "The RDP server can read the client's memory. This attack appear to be exploitable via RDPClient must connect the rdp server.";
    expect(serverAttacksClient(text)).toBe(true);
    expect(attackerWords({ ...remoteAnyone, user_interaction: true }, text)).toMatch(/^A malicious or compromised server/);
    expect(serverAttacksClient('allows remote attackers to read the memory of the server via a crafted client request.')).toBe(false);
  });

  it('says an attack through an app is made on the device, not over the network', () => {
    const text = 'allows attackers to bypass a code-signing protection mechanism via an app that places a crafted signature in an executable file.';
    expect(attackerWords(remoteAnyone, text)).toBe('An attacker, through a malicious app on the device,');
    expect(attackerWords(remoteAnyone, text)).not.toMatch(/over the network/);
    // a local user's own application is said as the local user
    expect(
      attackerWords({ position: 'local', privileges: 'user', user_interaction: false }, 'allows local users to gain privileges via a crafted application.'),
    ).toBe('A local user of the machine');
  });

  it('does not call memory consumed by a denial of service a leak of memory', () => {
    const text = 'A remote attacker could exploit this vulnerability to expose sensitive information or consume memory resources.';
    expect(impactPhrase('information_disclosure', text, remoteAnyone)).toBe('see information they should not see');
    expect(impactPhrase('information_disclosure', 'allows remote attackers to obtain sensitive information from process memory.', remoteAnyone)).toBe(
      'see information they should not see, such as process memory',
    );
  });
});
