/**
 * Readings of the twenty-fourth session (the h50 blind set, the eighteenth reading of twenty random records and the
 * twenty records read after the twenty-third session's review), each beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { attackFactsOf, scoredNvdFixture } from '../support/nvd-fixtures.js';

describe('files an archive extracts "into arbitrary directories" (Zip Slip, MailHunter CVE-2023-34208)', () => {
  it('are written, not read out', () => {
    expect(describedImpacts('allow remote authenticated users to extract files into arbitrary directories via a crafted ZIP archive.')).toEqual([
      'data_tampering',
    ]);
    expect(describedImpacts('crafted TAR archives lead to extraction of files into arbitrary filesystem locations.')).toEqual(['data_tampering']);
  });

  it('leaves files extracted from somewhere, which are read', () => {
    expect(describedImpacts('allows remote attackers to extract sensitive files from the server.')).toEqual(['information_disclosure']);
    expect(describedImpacts('allows attackers to extract files from the backup.')).toEqual(['information_disclosure']);
  });
});

describe("a signed-in attacker's crafted file in a path traversal (MailHunter CVE-2023-34208)", () => {
  it('is handed to the server by the attacker: no victim opens it', () => {
    expect(
      describedAttack(
        'Path Traversal in create template function in EasyUse MailHunter Ultimate 2023 and earlier allow remote authenticated users to extract files into arbitrary directories via a crafted ZIP archive.',
      ).userInteraction,
    ).toBe(false);
  });

  it("leaves an archive a user extracts with a client archiver, and an anonymous attacker's crafted file", () => {
    expect(
      describedAttack(
        'Directory traversal vulnerability in PentaZip 8.5.1.190 allows user-assisted remote attackers to extract files to arbitrary pathnames via a ../ (dot dot slash) in a filename.',
      ).userInteraction,
    ).toBe(true);
    expect(
      describedAttack('Directory traversal vulnerability in Foo Unzip allows remote attackers to overwrite arbitrary files via a crafted ZIP archive.')
        .userInteraction,
    ).toBe(true);
  });
});

describe("a CVSS v3 vector's UI:R beside a description that names only what the attacker supplies", () => {
  const scoredV3 = (description: string, vector: string) => attackFactsOf(scoredNvdFixture('CVE-2018-16323', description, vector), description);
  const imageMagick =
    'ReadXBMImage in coders/xbm.c in ImageMagick before 7.0.8-9 leaves data uninitialized when processing an XBM file that has a negative pixel value. If the affected code is used as a library loaded into a process that includes sensitive information, that information sometimes can be leaked via the image data.';
  const intel =
    'Uncontrolled search path element in some installation software for Intel(R) Ethernet Adapter Driver Pack before version 28.3 may allow an authenticated user to potentially enable escalation of privilege via local access.';

  it('settles that a victim acts (ImageMagick CVE-2018-16323, Intel CVE-2024-22376)', () => {
    const read = scoredV3(imageMagick, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:N');
    expect(read.attack.user_interaction).toBe(true);
    expect(read.provenance['facts.attack.user_interaction']).toMatch(/CVSS v3\.1 vector, user interaction required/);
    expect(scoredV3(intel, 'CVSS:3.1/AV:L/AC:H/PR:L/UI:R/S:U/C:H/I:H/A:H').attack.user_interaction).toBe(true);
  });

  it('leaves UI:N, an attacker who acts alone by the description, and one the description says needs no victim', () => {
    expect(scoredV3(imageMagick, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N').attack.user_interaction).toBe(false);
    expect(
      scoredV3(
        'SQL injection vulnerability in index.php allows remote attackers to execute arbitrary SQL commands via the id parameter.',
        'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H',
      ).attack.user_interaction,
    ).toBe(false);
    expect(
      scoredV3(
        'The service allows remote attackers to execute arbitrary code via a crafted packet without user interaction.',
        'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H',
      ).attack.user_interaction,
    ).toBe(false);
  });
});

describe('gains and positions the h50 set showed', () => {
  it('runs code where a CSV injection lets users "gain remote control of other computers" (Admin Columns, CVE-2019-17661)', () => {
    expect(
      describedImpacts('A CSV injection in the Admin Columns plugin 3.4.6 for WordPress allows malicious users to gain remote control of other computers.'),
    ).toContain('code_execution');
    expect(describedImpacts('allows remote attackers to gain remote access to the admin panel.')).not.toContain('code_execution');
  });

  it('puts "vulnerable to TLS Man-in-The-Middle" on the path (FreshService CVE-2022-36173)', () => {
    expect(
      describedAttack(
        'FreshService macOS Agent < 4.4.0 and FreshServce Linux Agent < 3.4.0 are vulnerable to TLS Man-in-The-Middle via the FreshAgent client and scheduled update service.',
      ).position,
    ).toBe('man_in_the_middle');
    expect(describedAttack('The middle tier of the service is vulnerable to remote attackers via crafted requests.').position).toBe('remote');
  });
});
