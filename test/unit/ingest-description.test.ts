import { describe, expect, it } from 'vitest';
import type { Patch } from '../../shared/domain/cve.js';
import { attackSentence, impactSentence, parseCvssVector } from '../../shared/ingest/explainer/attack.js';
import { descriptionAttacker, descriptionImpactSentence, hasImpact, PLAIN_IMPACTS, readDescription } from '../../shared/ingest/explainer/description.js';
import { PLAIN_WEAKNESSES } from '../../shared/ingest/explainer/cwe-plain.js';
import { explainSummary, type ExplainerInput } from '../../shared/ingest/explainer/index.js';
import { article } from '../../shared/ingest/explainer/names.js';
import { sentenceEndFaults, wordingFaults } from '../support/wording-lint.js';

const say = (description: string) => descriptionImpactSentence(readDescription(description));

describe('the attacker, from NVD phrasings', () => {
  it.each([
    ['Buffer overflow allows remote attackers to execute arbitrary code via a long URI.', 'remote'],
    ['A flaw allows remote authenticated users to read arbitrary files via a crafted path.', 'remote-authenticated'],
    ['Race condition allows local users to gain privileges via a crafted application.', 'local'],
    ['The lock screen allows physically proximate attackers to bypass authentication.', 'physical'],
    ['The client does not verify certificates, which allows man-in-the-middle attackers to spoof servers.', 'mitm'],
    ['The Bluetooth stack allows adjacent attackers to cause a denial of service.', 'adjacent'],
    ['An unauthenticated attacker can upload arbitrary files.', 'remote'],
  ])('%s → %s', (description, attacker) => {
    expect(readDescription(description).attacker).toBe(attacker);
    // The attacker alone (read where the summary uses no impact) is the same reading.
    expect(descriptionAttacker(description)).toBe(attacker);
  });

  it('knows when a user must help', () => {
    expect(readDescription('Integer overflow allows user-assisted remote attackers to execute arbitrary code via a crafted PNG file.').userAssisted).toBe(true);
    expect(readDescription('Word allows remote attackers to execute arbitrary code if a user opens a crafted document.').userAssisted).toBe(true);
    expect(readDescription('Remote attackers can execute arbitrary code via a crafted request.').userAssisted).toBe(false);
  });
});

describe('the impact, from NVD phrasings, in plain words', () => {
  it.each([
    ['allows remote attackers to execute arbitrary code via a crafted request', 'An attacker on the network can run their own code.'],
    [
      'allows remote attackers to execute arbitrary commands via shell metacharacters',
      'An attacker on the network can run commands of their choice on the system.',
    ],
    ['allows remote attackers to cause a denial of service (crash) via a malformed packet', 'An attacker on the network can stop the software from working.'],
    ['allows remote attackers to obtain sensitive information from process memory', 'An attacker on the network can see information they should not see.'],
    [
      'allows physically proximate attackers to bypass authentication via the lock screen',
      'Someone with the device in their hands can get in without logging in.',
    ],
    ['allows local users to gain privileges via a crafted ioctl call', 'Someone who can already log in to the machine can gain more rights on the system.'],
    [
      'Cross-site scripting (XSS) vulnerability allows remote attackers to inject arbitrary web script or HTML via the q parameter',
      "An attacker on the network can run their own script in other users' browsers.",
    ],
    [
      'SQL injection vulnerability in login.php allows remote attackers to execute arbitrary SQL commands via the id parameter',
      'An attacker on the network can read and change data in the database through SQL injection.',
    ],
    [
      'Directory traversal vulnerability allows remote authenticated users to read arbitrary files via a .. (dot dot) in the file parameter',
      'An attacker with an account on the system can read files on the system they should not reach.',
    ],
    ['allows remote attackers to overwrite arbitrary files via a symlink attack', 'An attacker on the network can tamper with files on the system.'],
    [
      'The device has a hidden account with a hard-coded password, which allows remote attackers to obtain root access',
      'An attacker on the network can log in with a password built into the product or gain more rights on the system.',
    ],
    [
      'Unrestricted file upload vulnerability allows remote attackers to execute arbitrary code by uploading a PHP file',
      'An attacker on the network can upload a harmful file that the server may run or run their own code.',
    ],
    [
      'allows man-in-the-middle attackers to spoof SSL servers via an arbitrary valid certificate',
      'An attacker who can intercept network traffic can pretend to be someone or something else.',
    ],
    [
      'Integer overflow allows user-assisted remote attackers to execute arbitrary code via a crafted PNG file',
      'An attacker on the network can run their own code if a user opens a file or link that the attacker made.',
    ],
    [
      'Open redirect vulnerability allows remote attackers to redirect users to arbitrary web sites',
      "An attacker on the network can send users to a website of the attacker's choice.",
    ],
    [
      'A use-after-free allows an attacker to execute arbitrary code or cause a denial of service',
      'An attacker can run their own code or stop the software from working.',
    ],
  ])('%s', (description, plain) => expect(say(description)).toBe(plain));

  it('says nothing when the description names no impact', () => {
    expect(say('A vulnerability was found in Acme Widget 1.0. It has been classified as problematic.')).toBeUndefined();
    expect(hasImpact('Unspecified vulnerability in Oracle Java SE.')).toBe(false);
  });

  it('writes whole sentences with their own subject', () => {
    for (const d of [
      'allows remote attackers to execute arbitrary code',
      'allows local users to cause a denial of service or gain privileges',
      'user-assisted attackers can obtain sensitive information',
    ]) {
      const sentence = say(d)!;
      expect(wordingFaults(sentence), sentence).toEqual([]);
      expect(sentence).not.toMatch(/^(they|it)\b/i);
    }
  });
});

describe('summaries use the description where the CWE or the vector says nothing', () => {
  const noPatch: Patch = { status: 'not_available', patch_urls: [], days_unpatched: 0 };
  const base: ExplainerInput = {
    rejected: false,
    cweIds: [],
    cweCatalogue: new Map(),
    products: [{ vendor: 'acme', product: 'router_firmware', ranges: [], openEnded: true, fixedVersions: [] }],
    cvssScore: null,
    severity: 'UNKNOWN',
    inKev: false,
    exploitCode: false,
    patch: noPatch,
    mitigation: false,
  };

  it('no CWE and no vector: the description gives the impact sentence', () => {
    const summary = explainSummary({
      ...base,
      description: 'The web interface of Acme Router has a hidden account, which allows remote attackers to execute arbitrary commands.',
    });
    expect(summary).toContain(
      'This is a security flaw in Acme Router Firmware. An attacker on the network can log in with a password built into the product or run commands of their choice on the system.',
    );
  });

  it('a CWE without plain text and a vector: the description wins over the CVSS impact metrics', () => {
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-1419'],
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssScore: 9.8,
      severity: 'CRITICAL',
      description: 'allows remote attackers to upload arbitrary files and execute arbitrary code',
    });
    // Who can attack is the vector's sentence, said once.
    expect(summary).toContain(
      'An attacker can upload a harmful file that the server may run or run their own code. An attacker can try this over the network, even from the internet, with no account, and with no help from anyone.',
    );
    expect(summary).not.toContain('If the attack works');
  });

  it("a plain CWE and a vector: the team's text stands, the description adds nothing", () => {
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-89'],
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssScore: 9.8,
      severity: 'CRITICAL',
      description: 'SQL injection allows remote attackers to execute arbitrary SQL commands.',
    });
    expect(summary).not.toContain('through SQL injection');
    expect(summary).toContain('An attacker can change the database queries the software runs.');
  });

  it('a plain CWE and a vector: "local users" in the description still shapes the attack sentence', () => {
    const vector = 'CVSS:3.0/AV:L/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N';
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-89'],
      vector,
      cvssScore: 5.5,
      severity: 'MEDIUM',
      description: 'SQL injection allows local users to execute arbitrary SQL commands.',
    });
    expect(summary).toContain(attackSentence(parseCvssVector(vector)!, { localUsers: true }));
    expect(summary).not.toContain('with no account');
  });

  it('a plain CWE and no vector: the impact its text says is not said twice, and who can attack still is', () => {
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-200'],
      cvssScore: 4,
      severity: 'MEDIUM',
      cvssVersion: '2.0',
      description:
        'calendar/externallib.php in Moodle through 2.5.9 allows remote authenticated users to obtain sensitive calendar-event information via a web-services request.',
    });
    expect(summary).toContain(
      'An attacker can see information they are not meant to see. An attacker with an account on the system can do this. It is rated medium',
    );
    expect(summary).not.toContain('can see information they should not see');
  });

  it("a plain CWE and no vector: impacts beyond the weakness's own text are still said", () => {
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-79'],
      description: 'Cross-site scripting allows remote attackers to inject arbitrary web script and obtain sensitive information.',
    });
    expect(summary).toContain('That script can steal the session or act as that person. An attacker on the network can see information they should not see.');
    expect(summary).not.toContain("run their own script in other users' browsers");
  });

  it('a weakness that says the program stops is not followed by "can stop the software from working"', () => {
    const summary = explainSummary({
      ...base,
      cweIds: ['CWE-399'],
      description: 'allows local x86 HVM guest administrators to cause a denial of service (CPU consumption and possibly reboot)',
    });
    expect(summary).toContain('An attacker can often use this to make it crash or stop.');
    expect(summary).not.toContain('stop the software from working');
  });

  it('every weakness\'s "says" is an impact the description grammar can say', () => {
    const says = Object.values(PLAIN_WEAKNESSES).flatMap((w) => w.says ?? []);
    expect(says.length).toBeGreaterThan(20);
    expect(says.filter((s) => !PLAIN_IMPACTS.includes(s))).toEqual([]);
  });

  it('reads impacts NVD words in other ways', () => {
    expect(say('allows remote attackers to modify domain name information via the nsManager.cgi CGI program')).toBe(
      'An attacker on the network can tamper with data and settings.',
    );
    expect(say('allows remote authenticated users to read any configuration page by changing the group membership')).toBe(
      'An attacker with an account on the system can see information they should not see.',
    );
    expect(say("Attackers can upload files with XSS payloads in the filename field to execute arbitrary JavaScript in users' browsers")).toBe(
      "An attacker can run their own script in other users' browsers.",
    );
    expect(say('allows attackers to execute arbitrary JavaScript code on the server')).not.toContain('browsers');
  });

  it('the CVSS impact sentence has a subject', () => {
    expect(impactSentence(parseCvssVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:H')!)).toBe(
      'If the attack works, the attacker can see data they should not or slow down or stop the system.',
    );
  });
});

describe('wording of the attack', () => {
  it('a file that a user opens (AV:L, UI:R, PR:N) is not "access to the machine itself"', () => {
    const file = attackSentence(parseCvssVector('CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H')!);
    expect(file).toBe(
      'An attacker can try this by getting a user to open a file or link that the attacker made. The attacker needs no account on the machine.',
    );
    expect(attackSentence(parseCvssVector('CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H')!, { localUsers: true })).toContain(
      'only with access to the machine itself',
    );
    expect(attackSentence(parseCvssVector('CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H')!)).toContain('only with access to the machine itself');
  });

  it('a local attack needing no privileges, given to "local users", is not "with no account"', () => {
    const local = attackSentence(parseCvssVector('CVSS:3.0/AV:L/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N')!, { localUsers: true });
    expect(local).toBe('An attacker can try this only with access to the machine itself, as any user of it, and with no help from anyone.');
    expect(attackSentence(parseCvssVector('CVSS:3.0/AV:L/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N')!)).toContain('with no account');
  });

  it('picks "a" or "an" by sound', () => {
    expect(
      ['uninitialized pointer', 'unique id', 'unsafe call', 'European law', 'one-time code', 'hour', 'use-after-free', 'XML parser', 'URL'].map(article),
    ).toEqual(['an', 'a', 'an', 'a', 'a', 'an', 'a', 'an', 'a']);
  });
});

describe('the wording lint', () => {
  it.each([
    ['If it works, they can see data.', 'a sentence with no subject'],
    ['This is a uninitialized pointer flaw.', 'a/an'],
    ['This is an buffer overflow flaw.', 'a/an'],
    ['You are affected if you use Red Hat enterprise_linux.', 'a raw CPE token'],
    ['You are affected if you use cpe:2.3:o:redhat:enterprise_linux:8.', 'a raw CPE string'],
    ['It is rated NaN out of 10.', 'NaN'],
    ['Update Acme to version undefined or later.', 'undefined'],
  ])('flags %s', (text, fault) => expect(wordingFaults(text).join(' ')).toContain(fault));

  it.each([
    "This is an SQL injection flaw in Gencat Portal D'acces A LA Universitat.",
    'This is an uninitialized pointer flaw in AcyMailing – An Ultimate Newsletter Plugin.',
    'You are affected if you use Apache mod_ssl (versions 3.4sg_3.4.2sg and snv_124).',
    'An attacker can try this over the network. A patch is published.',
  ])('passes %s', (text) => expect(wordingFaults(text)).toEqual([]));

  it('knows when the last sentence does not end', () => {
    expect(sentenceEndFaults('Update Acme to version 2.0 or later')).toEqual(['the last sentence does not end']);
    expect(sentenceEndFaults("See the vendor's advisory (CVE-2021-44228).")).toEqual([]);
  });
});
