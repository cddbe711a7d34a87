/**
 * Fix facts and text, seventh round of issue 23's readings (read-20b and the h41 blind set): which
 * versions fix a flaw and which are the newest affected, per product and line. Each rule on the
 * phrase that showed it, through the real parser and derivation, and on the neighbour it must
 * leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { VersionFact } from '../../shared/domain/facts.js';
import { fixFactSentences } from '../../shared/ingest/explainer/fix.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const cpe = (vendorProduct: string, version = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:*:*:*:*:*:*:*`;
const lastOf = (r: ReturnType<typeof derivedFixture>) =>
  r.facts!.last_affected.map((l) => `${l.product} ${l.version}${l.branch === null ? '' : ` (${l.branch})`} ${l.source}`);

describe('"client 9.0 and earlier" beside a configuration that lists 9.1 (CVE-2005-3652)', () => {
  const description = 'Heap-based buffer overflow in Citrix Program Neighborhood client 9.0 and earlier allows remote attackers to execute arbitrary code.';
  const listed = [orNode({ criteria: cpe('citrix:ica_program_neighborhood_client', '9.1') })];

  it('keeps one newest affected version, the higher, and never sends a 9.0 user to 9.1', () => {
    const r = derivedFixture(description, listed);
    expect(lastOf(r)).toEqual(['citrix:ica_program_neighborhood_client 9.1 configuration']);
    expect(r.explanation!.fix).toContain('The description names 9.0 and earlier of');
    expect(r.explanation!.fix).toContain('NVD lists 9.1 too: update past 9.1.');
    expect(r.explanation!.fix).not.toContain('for your release line');
    expect(r.explanation!.affected).toContain('The description names version 9.0 and earlier of');
  });

  it('leaves alone a description version above the listed one, and lines of their own', () => {
    const above = derivedFixture(description.replace('9.0', '9.2'), listed);
    expect(lastOf(above)).toEqual(['citrix:ica_program_neighborhood_client 9.2 description']);
    expect(above.explanation!.fix).toContain('NVD lists 9.2 as the newest affected version');
    const otherLine = derivedFixture(description.replace('9.0', '8.5'), listed);
    expect(lastOf(otherLine)).toEqual(['citrix:ica_program_neighborhood_client 8.5 description', 'citrix:ica_program_neighborhood_client 9.1 configuration']);
    // Two first numbers are two lines: each user moves past their own.
    expect(otherLine.explanation!.fix).toContain(
      'NVD and the description list 9.1 and 8.5 as the newest affected versions of Citrix ICA Program Neighborhood Client; update past the one for your release line.',
    );
  });

  it('sends users past the highest where two newest affected versions share a line (Linux 2.2.3 and earlier beside a listed 2.2.16)', () => {
    const r = derivedFixture('Linux 2.2.3 and earlier allow a remote attacker to perform an IP fragmentation attack, causing a denial of service.', [
      orNode({ criteria: cpe('linux:linux_kernel', '*', 'o'), versionEndIncluding: '2.2.3' }, { criteria: cpe('linux:linux_kernel', '2.2.16', 'o') }),
    ]);
    expect(r.explanation!.fix).toContain('as the newest affected versions of Linux Kernel; update past 2.2.16.');
  });
});

describe('"PHPIDS before 20070703" beside one unbounded `phpids:*` (CVE-2007-3577)', () => {
  const description = 'Cross-site scripting (XSS) vulnerability in PHPIDS before 20070703 allows remote attackers to inject arbitrary web script or HTML.';

  it('takes the description fix: a `*` with no bound names no version to contradict it', () => {
    const r = derivedFixture(description, [orNode({ criteria: cpe('phpids:phpids') })]);
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version} ${f.source}`)).toEqual(['phpids:phpids 20070703 description']);
    expect(r.explanation!.fix).toContain('Update PHPIDS to the build dated 20070703 or later');
    expect(r.explanation!.fix).not.toContain('lists every version');
    expect(r.explanation!.affected).toContain('versions before 20070703, as the description states');
  });

  it('keeps the doubt where the `*` stands beside a listed version of the product', () => {
    const r = derivedFixture(description, [orNode({ criteria: cpe('phpids:phpids') }, { criteria: cpe('phpids:phpids', '20070801') })]);
    expect(r.facts!.fixed_in).toEqual([]);
  });
});

const fixesOf = (r: ReturnType<typeof derivedFixture>) =>
  r.facts!.fixed_in.map((f) => `${f.product} ${f.version}${f.branch === null ? '' : ` (${f.branch})`}${f.platform === null ? '' : ` ${f.platform}`}`);

describe('"OpenSSL 1.0.2 and 1.1.0 before 1.1.0c" beside per-line ranges before 1.0.2k and before 1.1.0c (CVE-2016-7055)', () => {
  const description =
    'There is a carry propagating bug in the Broadwell-specific Montgomery multiplication procedure in OpenSSL 1.0.2 and 1.1.0 before 1.1.0c.';
  const ranges = orNode(
    { criteria: cpe('openssl:openssl'), versionStartIncluding: '1.0.2', versionEndExcluding: '1.0.2k' },
    { criteria: cpe('openssl:openssl'), versionStartIncluding: '1.1.0', versionEndExcluding: '1.1.0c' },
  );

  it("keeps each line's bound, and never carries 1.1.0c to the 1.0.2 line", () => {
    const r = derivedFixture(description, [ranges]);
    // Each fix on the line its range and the description write (the twenty-third session: letter releases of 1.1.0 and 1.0.2).
    expect(fixesOf(r)).toEqual(['openssl:openssl 1.1.0c (1.1.0)', 'openssl:openssl 1.0.2k (1.0.2)']);
    expect(r.explanation!.fix).toContain('1.1.0c for the 1.1.0 line and 1.0.2k for the 1.0.2 line');
  });

  it("still drops a configuration's lower fix of the line the description's fix is on", () => {
    const r = derivedFixture('A flaw in OpenSSL before 1.1.0c allows remote attackers to cause a denial of service.', [
      orNode({ criteria: cpe('openssl:openssl'), versionStartIncluding: '1.1.0', versionEndExcluding: '1.1.0b' }),
    ]);
    expect(fixesOf(r)).toEqual(['openssl:openssl 1.1.0c']);
  });
});

describe("Adobe's 'DC Classic before 15.006.30172, and … DC Continuous before 15.016.20039' (CVE-2016-1122)", () => {
  const adobe = (product: string, edition: string, end: string) => ({
    criteria: `cpe:2.3:a:adobe:${product}:*:*:*:*:${edition}:*:*:*`,
    versionEndIncluding: end,
  });
  const configuration = orNode(
    adobe('acrobat_dc', 'classic', '15.006.30121'),
    adobe('acrobat_dc', 'continuous', '15.010.20060'),
    adobe('acrobat_reader_dc', 'classic', '15.006.30121'),
    adobe('acrobat_reader_dc', 'continuous', '15.010.20060'),
  );
  const description =
    'Use-after-free vulnerability in Acrobat and Acrobat Reader DC Classic before 15.006.30172, and Acrobat and Acrobat Reader DC Continuous before 15.016.20039 allows attackers to execute arbitrary code.';

  it('gives each track its own fix, for each product, and the text names both', () => {
    const r = derivedFixture(description, [configuration]);
    expect(fixesOf(r).sort()).toEqual([
      'adobe:acrobat_dc 15.006.30172 (Classic)',
      'adobe:acrobat_dc 15.016.20039 (Continuous)',
      'adobe:acrobat_reader_dc 15.006.30172 (Classic)',
      'adobe:acrobat_reader_dc 15.016.20039 (Continuous)',
    ]);
    expect(r.explanation!.fix).toContain('15.016.20039 for the Continuous track and 15.006.30172 for the Classic track');
    expect(r.explanation!.fix).not.toContain('No fixed version is stated');
  });

  it("still holds a track's fix against its own track's range", () => {
    const r = derivedFixture(description, [orNode(adobe('acrobat_dc', 'classic', '15.006.30200'), adobe('acrobat_dc', 'continuous', '15.010.20060'))]);
    expect(fixesOf(r)).toEqual(['adobe:acrobat_dc 15.016.20039 (Continuous)']);
  });
});

describe('Apple\'s "Security Update 2021-001 Catalina" beside a configuration of macOS (CVE-2021-1801)', () => {
  const description =
    'This issue was addressed with improved iframe sandbox enforcement. This issue is fixed in macOS Big Sur 11.2, Security Update 2021-001 Catalina, Security Update 2021-001 Mojave, watchOS 7.3, tvOS 14.4, iOS 14.4 and iPadOS 14.4. Maliciously crafted web content may violate iframe sandboxing policy.';

  it("is macOS's fix for that release's line, so Catalina users are not sent to Big Sur", () => {
    const r = derivedFixture(description, [
      orNode({ criteria: cpe('apple:macos', '*', 'o'), versionStartIncluding: '11.0.1', versionEndExcluding: '11.2' }),
      orNode({ criteria: cpe('apple:watchos', '*', 'o'), versionEndExcluding: '7.3' }),
    ]);
    expect(fixesOf(r).filter((f) => f.startsWith('apple:macos'))).toEqual([
      'apple:macos 11.2 (11)',
      'apple:macos Security Update 2021-001 Catalina (10.15)',
      'apple:macos Security Update 2021-001 Mojave (10.14)',
    ]);
    expect(r.explanation!.fix).toContain('Security Update 2021-001 Catalina for the 10.15.x line');
    expect(r.explanation!.fix).toContain('11.2 for the 11.x line');
  });

  it('gives a macOS fix with no line its own line beside the updates, and leaves a record without them alone', () => {
    const open = [orNode({ criteria: cpe('apple:mac_os_x', '*', 'o'), versionEndExcluding: '10.15.4' })];
    const r = derivedFixture('This issue is fixed in macOS Catalina 10.15.4, Security Update 2020-002 Mojave. An app may read memory.', open);
    expect(fixesOf(r)).toEqual(['apple:mac_os_x 10.15.4 (10.15)', 'apple:mac_os_x Security Update 2020-002 Mojave (10.14)']);
    const plain = derivedFixture('This issue is fixed in macOS Catalina 10.15.4. An app may read memory.', open);
    expect(fixesOf(plain)).toEqual(['apple:mac_os_x 10.15.4']);
  });
});

describe('GitLab\'s "from 13.11 prior to 14.7.7, 14.8 prior to 14.8.5" with CE and EE CPEs (CVE-2022-1105)', () => {
  const description =
    'An issue has been discovered in GitLab CE/EE affecting all versions from 13.11 prior to 14.7.7, 14.8 prior to 14.8.5, and 14.9 prior to 14.9.2 allows an unauthorized user to access pipeline analytics.';
  const edition = (e: string, start: string, end: string) => ({
    criteria: `cpe:2.3:a:gitlab:gitlab:*:*:*:*:${e}:*:*:*`,
    versionStartIncluding: start,
    versionEndExcluding: end,
  });
  const configuration = orNode(
    edition('community', '13.11.0', '14.7.7'),
    edition('enterprise', '13.11.0', '14.7.7'),
    edition('community', '14.8.0', '14.8.5'),
    edition('enterprise', '14.8.0', '14.8.5'),
    edition('community', '14.9.0', '14.9.2'),
    edition('enterprise', '14.9.0', '14.9.2'),
  );

  it("labels the first fix with every line from the range's start, and says each range once", () => {
    const r = derivedFixture(description, [configuration]);
    expect(fixesOf(r)).toEqual(['gitlab:gitlab 14.7.7 (13.11-14.7)', 'gitlab:gitlab 14.8.5 (14.8)', 'gitlab:gitlab 14.9.2 (14.9)']);
    expect(r.explanation!.fix).toContain('14.7.7 for the 13.11.x to 14.7.x lines');
    expect(r.explanation!.affected).toContain('versions from 14.9.0 before 14.9.2 and versions from 14.8.0 before 14.8.5, plus 1 older version range');
  });

  it("keeps the line of a range that starts on its own fix's line", () => {
    const r = derivedFixture('An issue in GitLab affecting all versions from 14.7 prior to 14.7.7, and 14.8 prior to 14.8.5 allows attackers to read data.', [
      orNode(edition('community', '14.7.0', '14.7.7'), edition('community', '14.8.0', '14.8.5')),
    ]);
    expect(fixesOf(r)).toEqual(['gitlab:gitlab 14.7.7 (14.7)', 'gitlab:gitlab 14.8.5 (14.8)']);
  });
});

describe('"… via issue preview in GitLab CE/EE affecting all versions from 16.7 before 17.9.7, …" with no configuration (CVE-2025-0639)', () => {
  it('reads GitLab CE/EE as gitlab:gitlab with its three line fixes', () => {
    const r = derivedFixture(
      'An issue has been discovered affecting service availability via issue preview in GitLab CE/EE affecting all versions from 16.7 before 17.9.7, 17.10 before 17.10.5, and 17.11 before 17.11.1.',
    );
    expect(r.facts!.products.map((p) => p.product)).toEqual(['gitlab:gitlab']);
    expect(fixesOf(r)).toEqual(['gitlab:gitlab 17.9.7 (16.7-17.9)', 'gitlab:gitlab 17.10.5 (17.10)', 'gitlab:gitlab 17.11.1 (17.11)']);
  });

  it('leaves alone an issue in another product that only mentions GitLab later', () => {
    const r = derivedFixture('An issue has been discovered in Acme Runner before 2.1. It can leak tokens to GitLab CE instances.');
    expect(r.facts!.products.map((p) => p.product)).not.toContain('gitlab:gitlab');
  });
});

describe('"Courier-IMAP before 3.0.0, Courier before 0.45, and SqWebMail before 4.0.0" beside courier_mta (CVE-2004-0224)', () => {
  const description =
    'Multiple buffer overflows in (1) iso2022jp.c or (2) shiftjis.c for Courier-IMAP before 3.0.0, Courier before 0.45, and SqWebMail before 4.0.0 may allow remote attackers to execute arbitrary code.';
  const configuration = orNode(
    { criteria: cpe('inter7:courier-imap', '2.2.1') },
    { criteria: cpe('double_precision_incorporated:courier_mta', '0.44.2') },
    { criteria: cpe('double_precision_incorporated:sqwebmail', '3.6.2') },
  );

  it('gives "Courier before 0.45" to Courier MTA (a head word whose other word only says what kind of thing it is)', () => {
    const r = derivedFixture(description, [configuration]);
    expect(fixesOf(r)).toEqual([
      'inter7:courier-imap 3.0.0',
      'double_precision_incorporated:courier_mta 0.45',
      'double_precision_incorporated:sqwebmail 4.0.0',
    ]);
  });

  it('never gives Courier-IMAP the fix of "Courier" alone', () => {
    const r = derivedFixture('A buffer overflow in Courier before 0.45 allows remote attackers to execute arbitrary code.', [
      orNode({ criteria: cpe('inter7:courier-imap', '2.2.1') }),
    ]);
    expect(fixesOf(r)).not.toContain('inter7:courier-imap 0.45');
  });
});

describe('"Ruby through 2.4.3" beside per-line ranges and a listed 2.5.0 preview1 (CVE-2017-17790)', () => {
  it("keeps the description's newest affected version where the configuration gives lines of its own", () => {
    const r = derivedFixture('The lazy_initialize function in lib/resolv.rb in Ruby through 2.4.3 might allow Command Injection attacks.', [
      orNode(
        { criteria: cpe('ruby-lang:ruby', '2.5.0') },
        { criteria: cpe('ruby-lang:ruby'), versionStartIncluding: '2.4', versionEndIncluding: '2.4.2' },
        { criteria: cpe('ruby-lang:ruby'), versionStartIncluding: '2.3', versionEndIncluding: '2.3.5' },
      ),
    ]);
    expect(lastOf(r)).toContain('ruby-lang:ruby 2.4.3 description');
    expect(lastOf(r)).not.toContain('ruby-lang:ruby 2.4.2 (2.4) configuration');
  });
});

describe('versions the description lists, or gives with a start, are not joined to a listed higher version', () => {
  it('keeps "12.1.1 through 12.1.3 and 12.2.3 through 12.2.6" as two lines beside a listed 12.2.6', () => {
    const r = derivedFixture(
      'Unspecified vulnerability in the Oracle CRM Technical Foundation component in Oracle E-Business Suite 12.1.1 through 12.1.3 and 12.2.3 through 12.2.6 allows remote attackers to affect confidentiality.',
      [orNode({ criteria: cpe('oracle:crm_technical_foundation', '12.1.3') }, { criteria: cpe('oracle:crm_technical_foundation', '12.2.6') })],
    );
    expect(r.explanation!.fix).toContain('12.2.6 for the 12.2.x line and 12.1.3 for the 12.1.x line as the newest affected versions');
    expect(r.explanation!.fix).toContain('update past the one for your release line');
  });
});

describe('"MySQL 4.0.23 and earlier, and 4.1.x up to 4.1.10" beside a listed 4.1.10 (CVE-2005-0711)', () => {
  it('keeps both lines: the description names the higher version itself', () => {
    const r = derivedFixture('MySQL 4.0.23 and earlier, and 4.1.x up to 4.1.10, uses predictable file names when creating temporary tables.', [
      orNode({ criteria: cpe('mysql:mysql', '4.0.23') }, { criteria: cpe('mysql:mysql', '4.1.10') }),
    ]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(expect.arrayContaining(['4.0.23', '4.1.10']));
    expect(r.explanation!.fix).toContain('update past the one for your release line');
  });
});

describe('two newest affected versions of one line beside another line (Magento 2.4.1, 2.4.0-p1 and 2.3.6)', () => {
  const fact = (version: string): VersionFact => ({ product: 'magento:magento', version, branch: null, platform: null, source: 'configuration' });
  const text = (last: VersionFact[]) =>
    fixFactSentences(
      { fixed_in: [], last_affected: last, fix_stated: false, advisoryHosts: [], patchLinks: false, steps: { optIn: false, replaceKeys: false } },
      () => 'Magento',
    ).join(' ');

  it('sends each user past the newest of their own line', () => {
    expect(text([fact('2.4.1'), fact('2.4.0-p1'), fact('2.3.6')])).toContain('update past the newest one for your release line');
  });

  it('sends users of a single line past its highest, and leaves one version per line alone', () => {
    expect(text([fact('2.4.1'), fact('2.4.0-p1')])).toContain('update past 2.4.1.');
    expect(text([fact('2.4.1'), fact('2.3.6')])).toContain('update past the one for your release line.');
  });
});
