/**
 * Fix facts and text, sixth round of issue 23's readings (the h39 and h37 blind sets): products
 * and fixes of records that list no product, and fixes per platform. Each rule on the phrase
 * that showed it, through the real parser and derivation, and on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const cpe = (vendorProduct: string, version = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:*:*:*:*:*:*:*`;
const fixesOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => `${f.product} ${f.version}${f.branch === null ? '' : ` (${f.branch})`}`);

describe("Apple's 'This issue is fixed in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5' in a record that lists no product", () => {
  const description =
    'An injection issue was addressed with improved input validation. This issue is fixed in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5. Processing an email may lead to user interface spoofing.';

  it('reads each product and its fix, iPadOS on two lines', () => {
    const r = derivedFixture(description);
    expect(r.facts!.products.map((p) => p.product)).toEqual(['apple:ipados', 'apple:iphone_os']);
    expect(fixesOf(r)).toEqual(['apple:ipados 17.7.7 (17)', 'apple:iphone_os 18.5', 'apple:ipados 18.5 (18)']);
    expect(r.facts!.fix_stated).toBe(true);
  });

  it('names every fix with its product in the fix text, and every product in the affected text', () => {
    const r = derivedFixture(description);
    const fix = r.explanation!.fix;
    expect(fix).toContain('Update Apple iOS to version 18.5 or later');
    expect(fix).toMatch(/Update Apple iPadOS to the fixed version for your release line[^.]*18\.5 for the 18\.x line and 17\.7\.7 for the 17\.x line/);
    expect(r.explanation!.affected).toBe(
      'You are affected if you use Apple iPadOS (versions before 17.7.7 and versions before 18.5) and Apple iOS (versions before 18.5), as the description states. To check, compare the version you run with these ranges.',
    );
  });

  it('reads macOS by its release name as one product', () => {
    const r = derivedFixture(
      'A logic issue was addressed. This issue is fixed in macOS Sequoia 15.5, macOS Sonoma 14.7.6 and visionOS 2.5. An app may be able to read files.',
    );
    expect(fixesOf(r)).toEqual(['apple:macos 15.5 (15)', 'apple:macos 14.7.6 (14)', 'apple:visionos 2.5']);
  });

  it('leaves alone a record whose configuration lists the products, and a list that is not the template', () => {
    const listed = derivedFixture(description, [orNode({ criteria: cpe('apple:iphone_os', '*', 'o'), versionEndExcluding: '18.5' })]);
    expect(fixesOf(listed)).toEqual(['apple:iphone_os 18.5']);
    const prose = derivedFixture('This issue is fixed in the latest release of the web interface. An attacker may read files.');
    expect(prose.facts!.products.map((p) => p.product)).not.toContain('apple:the');
    expect(fixesOf(prose)).toEqual([]);
  });
});

describe("a fix of the product the record's facts already name, called without its vendor (CVE-2025-3523)", () => {
  it("carries that product's key: Thunderbird is mozilla:thunderbird", () => {
    const r = derivedFixture('Hover text could mislead users. This vulnerability affects Thunderbird < 137.0.2 and Thunderbird < 128.9.2.');
    expect(r.facts!.products.map((p) => p.product)).toEqual(['mozilla:thunderbird']);
    expect(fixesOf(r)).toEqual(['mozilla:thunderbird 137.0.2 (137.0)', 'mozilla:thunderbird 128.9.2 (128.9)']);
  });

  it("still gives another product's fix to no product of the record's subject", () => {
    const r = derivedFixture('Hover text could mislead users. This vulnerability affects Firefox < 137 and Thunderbird < 137.0.2.');
    expect(r.facts!.products.map((p) => p.product)).toEqual(['mozilla:firefox']);
    expect(fixesOf(r)).toContain('mozilla:firefox 137');
    expect(fixesOf(r).filter((f) => f.startsWith('mozilla:firefox 137.0.2'))).toEqual([]);
  });
});

describe('"update" as the verb of the attack (CVE-2025-1667)', () => {
  const stated = (description: string) => derivedFixture(description).facts!.fix_stated;

  it('states no fix', () => {
    expect(
      stated(
        'The School Management System – WPSchoolPress plugin for WordPress is vulnerable to Privilege Escalation due to a missing capability check on the wpsp_UpdateTeacher() function in all versions up to, and including, 2.2.16. This makes it possible for authenticated attackers, with teacher-level access and above, to update arbitrary user details including email which makes it possible to request a password reset and access arbitrary user accounts, including administrators.',
      ),
    ).toBe(false);
    expect(stated('Acme Forum allows a signed-in user to update other users posts.')).toBe(false);
    // Wordfence's template names the attacker, then what they update (CVE-2024-5770, found reading twenty records).
    expect(
      stated(
        "The WP Force SSL & HTTPS SSL Redirect plugin for WordPress is vulnerable to unauthorized modification of data due to a missing capability check on the 'ajax_save_setting' function in versions up to, and including, 1.66. This makes it possible for authenticated attackers, subscriber-level permissions and above, to update the plugin settings.",
      ),
    ).toBe(false);
  });

  it("states none from a product's own name (Patchstack's 'Latest Custom Post Type Updates', CVE-2025-30616, h40)", () => {
    expect(
      stated(
        "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting') vulnerability in NotFound Latest Custom Post Type Updates allows Reflected XSS. This issue affects Latest Custom Post Type Updates: from n/a through 1.3.0.",
      ),
    ).toBe(false);
  });

  it('still states one where the user is told to update', () => {
    expect(stated('Acme Forum allows a signed-in user to edit posts. Users should update to the latest release.')).toBe(true);
    expect(stated('Acme Forum allows a signed-in user to edit posts. Administrators should update any installation they run.')).toBe(true);
    expect(stated('Acme Forum allows remote attackers to read posts. Users are advised to update their installations.')).toBe(true);
    expect(
      stated('Missing Authorization vulnerability in Acme Widget allows X. This issue affects Acme Widget: from n/a through 1.3.0. Users should update.'),
    ).toBe(true);
  });
});

describe("a fix per platform: 'prior to 55.0.2883.75 for Linux and Windows, and 55.0.2883.84 for Android' (CVE-2016-5208)", () => {
  const chrome = orNode({ criteria: cpe('google:chrome'), versionEndIncluding: '54.0.2840.99' });
  const placesOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => `${f.version} ${f.platform ?? 'every platform'}`);

  it("reads the Android fix and keeps each fix on its platforms; the text sends no Android user to the desktop's", () => {
    const r = derivedFixture(
      'Blink in Google Chrome prior to 55.0.2883.75 for Linux and Windows, and 55.0.2883.84 for Android allowed possible corruption of the DOM tree.',
      [chrome],
    );
    expect(placesOf(r)).toEqual(['55.0.2883.75 linux', '55.0.2883.75 windows', '55.0.2883.84 android']);
    expect(r.explanation!.fix).toContain('55.0.2883.84 on Android and 55.0.2883.75 on Linux and Windows');
    expect(r.explanation!.fix).not.toMatch(/Update Google Chrome to version 55\.0\.2883\.75 or later/);
  });

  it('leaves alone a fix "for" what is no platform, and a list with no platform between', () => {
    expect(placesOf(derivedFixture('Google Chrome prior to 55.0.2883.75 for desktop allowed a crash.', [chrome]))).toEqual(['55.0.2883.75 every platform']);
    expect(placesOf(derivedFixture('Google Chrome prior to 55.0.2883.75, and 54.0.2840.100 allowed a crash.', [chrome]))).toEqual([
      '55.0.2883.75 every platform',
      '54.0.2840.100 every platform',
    ]);
  });
});

describe("Adobe's Classic and Continuous tracks: a Classic fix inside the Continuous track's numbers (CVE-2019-7074)", () => {
  const acrobat = (edition: string, start: string, end: string) => ({
    criteria: `cpe:2.3:a:adobe:acrobat_dc:*:*:*:*:${edition}:*:*:*`,
    versionStartIncluding: start,
    versionEndExcluding: end,
  });
  const description =
    'Adobe Acrobat versions 2019.010.20069 and earlier, 2017.011.30113 and earlier version, and 2015.006.30464 and earlier have an out-of-bounds read vulnerability.';
  const versions = (r: ReturnType<typeof derivedFixture>) => r.facts!.fixed_in.map((f) => f.version);

  it("keeps each track's fix and names it", () => {
    const r = derivedFixture(description, [
      orNode(
        acrobat('classic', '15.006.30060', '15.006.30475'),
        acrobat('continuous', '15.008.20082', '19.010.20091'),
        acrobat('classic', '17.011.30059', '17.011.30120'),
      ),
    ]);
    expect(versions(r)).toEqual(expect.arrayContaining(['15.006.30475', '19.010.20091', '17.011.30120']));
    expect(r.explanation!.fix).toContain('17.011.30120');
  });

  it('still drops a range end that another range of the same track (or of none) holds', () => {
    const same = derivedFixture(description, [
      orNode(acrobat('continuous', '15.008.20082', '19.010.20091'), acrobat('continuous', '17.011.30059', '17.011.30120')),
    ]);
    expect(versions(same)).not.toContain('17.011.30120');
    const none = derivedFixture(description, [orNode(acrobat('*', '15.008.20082', '19.010.20091'), acrobat('*', '17.011.30059', '17.011.30120'))]);
    expect(versions(none)).not.toContain('17.011.30120');
  });
});

describe("old records' release steps: '8.1 through SP2 and 7.0 through SP4' (CVE-2004-0715), 'before vintage 9 firmware' (CVE-2005-3989)", () => {
  const weblogic = (version: string, update = '*') => ({ criteria: `cpe:2.3:a:bea:weblogic_server:${version}:${update}:*:*:*:*:*:*` });
  const listed = orNode(weblogic('7.0'), weblogic('7.0', 'sp1'), weblogic('7.0', 'sp4'), weblogic('8.1'), weblogic('8.1', 'sp1'), weblogic('8.1', 'sp2'));
  const lastOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.last_affected.map((l) => `${l.version}${l.branch === null ? '' : ` (${l.branch})`}`);

  it("keeps each release's newest service pack, and the text names both lines", () => {
    const r = derivedFixture(
      'The WebLogic Authentication provider for BEA WebLogic Server and WebLogic Express 8.1 through SP2 and 7.0 through SP4 does not properly clear member relationships.',
      [listed],
    );
    expect(lastOf(r)).toEqual(['8.1 SP2 (8.1)', '7.0 SP4 (7.0)']);
    expect(r.explanation!.fix).toContain('7.0 SP4 for the 7.0.x line');
  });

  it('still reads "through 2.5" with no step as a version, not a step of the release before it', () => {
    const r = derivedFixture('BEA WebLogic Server 8.1 through 8.2 does not properly clear member relationships.', [listed]);
    expect(lastOf(r)).toContain('8.2');
  });

  const pack = (version: string) => ({ criteria: `cpe:2.3:h:avaya:tn2602ap_ip_media_resource_320_circuit_pack:${version}:*:*:*:*:*:*:*` });
  const avaya = orNode({ ...pack('*'), versionEndIncluding: 'vintage_8_firmware' }, pack('vintage_3_firmware'), pack('vintage_7_firmware'));

  it("reads Avaya's firmware vintage as the fix", () => {
    const r = derivedFixture(
      'Memory leak in Avaya TN2602AP IP Media Resource 320 circuit pack before vintage 9 firmware allows remote attackers to cause a denial of service.',
      [avaya],
    );
    expect(fixesOf(r)).toEqual(['avaya:tn2602ap_ip_media_resource_320_circuit_pack vintage 9']);
    expect(r.explanation!.fix).toContain('vintage 9 or later');
  });

  it('reads no vintage that is not after "before"', () => {
    const r = derivedFixture('Memory leak in Avaya circuit pack vintage 9 firmware allows remote attackers to cause a denial of service.', [avaya]);
    expect(fixesOf(r)).toEqual([]);
  });
});

describe("a build named by its date: 'JBoss Application Server 4.0.2 and 4.0.5 before 20070416' (CVE-2007-1354)", () => {
  const jboss = orNode({ criteria: cpe('jboss:jboss_application_server', '4.0.5') });

  it('is the fix as the record writes it, and the text calls it a dated build, not a version number', () => {
    const r = derivedFixture(
      'The Access Control functionality in JMX Console in JBoss Application Server 4.0.2 and 4.0.5 before 20070416 uses a member variable to store the roles of the current user.',
      [jboss],
    );
    expect(fixesOf(r)).toEqual(['jboss:jboss_application_server 20070416']);
    expect(r.explanation!.fix).toContain('Update JBoss Application Server to the build dated 20070416 or later');
  });

  it('reads no year, and no eight digits that are not a date, as a fix', () => {
    for (const when of ['before 2007', 'before 20071345'])
      expect(fixesOf(derivedFixture(`JMX Console in JBoss Application Server 4.0.5 ${when} uses a member variable to store roles.`, [jboss]))).toEqual([]);
  });
});

describe("a number after a release's step word: 'Post.pl in YaBB 1 Gold SP 1.2 allows' (CVE-2004-1982)", () => {
  const yabb = orNode({ criteria: cpe('yabb:yabb', '1_gold_-_sp_1') }, { criteria: cpe('yabb:yabb', '1_gold_-_sp_1.2') });

  it('is no version 1.2 of the product: the newest affected is the listed 1 Gold SP 1.2', () => {
    const r = derivedFixture("Post.pl in YaBB 1 Gold SP 1.2 allows remote attackers to modify records in the board's .txt file.", [yabb]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['1_gold_-_sp_1.2']);
    expect(r.explanation!.affected).not.toContain('names version 1.2');
  });

  it('still reads the versions a name leads before the verb', () => {
    const phone = orNode({ criteria: cpe('acme:voip841_firmware', '1.0.4.50', 'o') });
    const r = derivedFixture('Acme VOIP841 DECT Phone with firmware 1.0.4.50 and 1.0.4.80 allows remote attackers to read files.', [phone]);
    expect(r.facts!.last_affected.map((l) => l.version)).toContain('1.0.4.80');
  });
});

describe("Adobe's 'Acrobat Reader DC versions 2021.001.20155 (and earlier), 2020.001.30025 (and earlier) and 2017.011.30196 (and earlier)' (CVE-2021-28551)", () => {
  const adobe = (product: string, edition: string, start: string, end: string) => ({
    criteria: `cpe:2.3:a:adobe:${product}:*:*:*:*:${edition}:*:*:*`,
    versionStartIncluding: start,
    versionEndIncluding: end,
  });
  const configuration = orNode(
    adobe('acrobat_reader_dc', 'continuous', '15.008.20082', '21.001.20150'),
    adobe('acrobat_dc', 'continuous', '15.008.20082', '21.001.20150'),
    adobe('acrobat_reader', 'classic', '17.011.30180', '17.011.30194'),
    adobe('acrobat_reader', 'classic', '20.001.30005', '20.001.30020'),
    adobe('acrobat', 'classic', '20.001.30005', '20.001.30020'),
  );
  const lastOf = (r: ReturnType<typeof derivedFixture>) => r.facts!.last_affected.map((l) => `${l.product} ${l.version}`);

  it("takes the description's higher versions, each on the product whose line it is (the Classic lines are the Reader's)", () => {
    const r = derivedFixture(
      'Acrobat Reader DC versions versions 2021.001.20155 (and earlier), 2020.001.30025 (and earlier) and 2017.011.30196 (and earlier) are affected by an Out-of-bounds read vulnerability.',
      [configuration],
    );
    expect(lastOf(r)).toEqual([
      'adobe:acrobat_reader_dc 2021.001.20155',
      'adobe:acrobat_reader 2020.001.30025',
      'adobe:acrobat_reader 2017.011.30196',
      'adobe:acrobat 20.001.30020',
      'adobe:acrobat_dc 21.001.20150',
    ]);
    expect(r.explanation!.fix).not.toMatch(/20\.001\.30020[^.]*Acrobat Reader;/);
  });

  it("leaves a version on its own product's line where it is, and a lower description version does not cover the configuration's", () => {
    const r = derivedFixture('Acrobat Reader DC versions 2021.001.20140 and earlier are affected by an Out-of-bounds read vulnerability.', [configuration]);
    expect(lastOf(r)).toContain('adobe:acrobat_reader_dc 21.001.20150');
    // One line: the configuration's higher version is its newest affected one, and the text still gives the description's (CVE-2005-3652's rule).
    expect(lastOf(r)).not.toContain('adobe:acrobat_reader_dc 2021.001.20140');
    // Several products: the description's version is not tied to one in the text, so only NVD's is said.
    expect(r.explanation!.fix).toContain('NVD lists 21.001.20150 as the newest affected version of Adobe Acrobat Reader DC; update past it.');
  });
});

describe("Apple's template with its Windows apps and an older macOS's security update", () => {
  it('reads iTunes and iCloud for Windows on Windows, and the other items beside a security update', () => {
    const r = derivedFixture(
      'A memory corruption issue was addressed. This issue is fixed in iTunes 12.11.3 for Windows, Security Update 2021-002 Catalina, iCloud for Windows 12.3, macOS Big Sur 11.3, iOS 14.5 and iPadOS 14.5. Processing a file may lead to code execution.',
    );
    expect(r.facts!.fixed_in.map((f) => `${f.product} ${f.version} ${f.platform ?? 'every platform'}`)).toEqual([
      'apple:itunes 12.11.3 windows',
      'apple:icloud 12.3 windows',
      'apple:macos 11.3 every platform',
      'apple:iphone_os 14.5 every platform',
      'apple:ipados 14.5 every platform',
      // The security update is macOS's fix for Catalina's line (the twenty-sixth session, h55's CVE-2021-30737).
      'apple:macos Security Update 2021-002 Catalina every platform',
    ]);
    expect(r.facts!.products.map((p) => p.name)).toContain('Apple iTunes for Windows');
    const bootCamp = derivedFixture('A logic issue was addressed. This issue is fixed in Boot Camp 6.1.14. An app may be able to gain privileges.');
    expect(bootCamp.facts!.fixed_in.map((f) => `${f.product} ${f.version}`)).toEqual(['apple:boot_camp 6.1.14']);
  });

  it('still reads nothing from a list with an item that names no version', () => {
    const r = derivedFixture('This issue is fixed in iOS 14.5 and the latest Safari. Processing a file may lead to code execution.');
    expect(r.facts!.fixed_in).toEqual([]);
    // Another CNA's "fixed in release 3.5.0" names no Apple product.
    const other = derivedFixture('Acme Widget lets a user read files. This issue is fixed in release 3.5.0.');
    expect(other.facts!.products.map((p) => p.product).filter((p) => p.startsWith('apple:'))).toEqual([]);
  });
});

describe("the patch status of a record with no product list whose facts state a fix (Apple's template)", () => {
  it('is available where the text names the fixed versions', () => {
    const r = derivedFixture(
      'A logic issue was addressed. This issue is fixed in Security Update 2021-002 Catalina, iOS 14.5 and iPadOS 14.5, macOS Big Sur 11.3. An app may be able to read files.',
    );
    expect(r.explanation!.fix).toContain('Update Apple iOS to version 14.5 or later');
    expect(r.patch!.status).toBe('available');
  });

  it('stays not_available where no fix is stated', () => {
    expect(derivedFixture('A logic issue in Acme Widget allows an app to read files.').patch!.status).toBe('not_available');
  });
});
