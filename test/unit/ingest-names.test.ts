import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CatalogueAssembler } from '../../shared/ingest/assembler.js';
import { displayName, productName, vendorName } from '../../shared/ingest/explainer/names.js';
import { readSourceFile, recogniseFile } from '../../shared/ingest/files.js';
import type { AffectedProduct } from '../../shared/domain/nvd-record.js';
import { CpeTitles, cutTitle, tidyVendor, vendorPrefix } from '../../shared/ingest/names/cpe-titles.js';
import { nameProducts } from '../../shared/ingest/names/display-names.js';
import { fixture } from '../support/ingest-fixtures.js';

const product = (vendor: string, name: string): AffectedProduct => ({ vendor, product: name, ranges: [], openEnded: true, fixedVersions: [] });

async function dictionary(): Promise<CatalogueAssembler> {
  // Under a name that says nothing, gzipped: the dictionary is recognised by its content.
  const path = join(mkdtempSync(join(tmpdir(), 'plaincve-cpe-')), 'file-99.dat');
  writeFileSync(path, gzipSync(readFileSync(fixture('cpe-dictionary.xml'))));
  const assembler = new CatalogueAssembler();
  expect((await recogniseFile(path))?.type).toBe('stream');
  const report = await readSourceFile(path, assembler);
  expect(report.recognition.type === 'stream' && report.recognition.source.label).toBe('NVD CPE dictionary');
  return assembler;
}

describe('NVD CPE dictionary titles', () => {
  it('reads the dictionary by content and keeps one title per vendor:product, without the version', async () => {
    const { cpeTitles } = await dictionary();
    expect(cpeTitles.size).toBe(5);
    expect(cpeTitles.title('apple', 'iphone_os')).toEqual({ title: 'Apple iPhone OS', vendorTitle: 'Apple' });
    expect(cpeTitles.title('redhat', 'enterprise_linux')).toEqual({ title: 'Red Hat Enterprise Linux', vendorTitle: 'Red Hat' });
    // The shortest title that still names the product wins over the long vendor form.
    expect(cpeTitles.title('apache', 'http_server')).toEqual({ title: 'Apache HTTP Server', vendorTitle: 'Apache' });
    // A lower-case slip of the dictionary loses to the capitalised title.
    expect(cpeTitles.title('linux', 'linux_kernel')?.title).toBe('Linux Kernel');
    expect(cpeTitles.title('openssl', 'openssl')?.title).toBe('OpenSSL');
    expect(cpeTitles.title('haxx', 'curl')).toBeUndefined();
  });

  it('cuts the version part off a title', () => {
    expect(cutTitle('Apple iPhone OS 1.0.0 iPhone', '1.0.0')).toBe('Apple iPhone OS');
    expect(cutTitle('linux Kernel 2.6.31 Release Candidate 7', '2.6.31')).toBe('linux Kernel');
    expect(cutTitle('$0.99 Kindle Books project $0.99 Kindle Books (aka com.kindle.books.for99) for android 6.0', '6')).toBe(
      '$0.99 Kindle Books project $0.99 Kindle Books for android',
    );
    expect(cutTitle('1024cms.org 1024 CMS 0.7', '0.7')).toBe('1024cms.org 1024 CMS');
    expect(cutTitle('Sun SunOS 5.8', '*')).toBe('Sun SunOS');
    // CPE's "_" for a space of the version: "8 64" is all version, not "Artifex Ghostscript 8" (found reading twenty records: CVE-2017-5951).
    expect(cutTitle('Artifex Ghostscript 8 64', '8_64', 'ghostscript')).toBe('Artifex Ghostscript');
    expect(cutTitle('OpenSSL OpenSSL 1.0.1f', '1.0.1f')).toBe('OpenSSL');
    expect(cutTitle('3.2.1', '3.2.1')).toBeUndefined();
  });

  it('cuts what describes one entry, not the product: its service pack, its CPU, "(initial release)" (CVE-2015-2426)', () => {
    expect(cutTitle('Microsoft Windows Vista Service Pack 2', '-', 'windows_vista')).toBe('Microsoft Windows Vista');
    expect(cutTitle('Microsoft Windows 7 64-bit Service Pack 1 (initial release)', '-', 'windows_7')).toBe('Microsoft Windows 7');
    expect(cutTitle('Microsoft Windows 7 64-bit (intial release)', '-', 'windows_7')).toBe('Microsoft Windows 7');
    expect(cutTitle('Microsoft Windows 7 x86', '-', 'windows_7')).toBe('Microsoft Windows 7');
    expect(cutTitle('Microsoft Windows Server 2003 SP2', '-', 'windows_server_2003')).toBe('Microsoft Windows Server 2003');
    expect(cutTitle('Microsoft Windows 2003 Server R2 Service Pack 2', '-', 'windows_2003_server')).toBe('Microsoft Windows 2003 Server');
    expect(cutTitle('Microsoft Windows Server 2012 R2', '-', 'windows_server_2012_r2')).toBe('Microsoft Windows Server 2012 R2');
    // Words the product token holds are its name.
    expect(cutTitle('Microsoft Windows XP x64', '-', 'windows_xp_x64')).toBe('Microsoft Windows XP x64');
    expect(cutTitle('Acme Service Pack Manager 2.0', '2.0', 'service_pack_manager')).toBe('Acme Service Pack Manager');
    // The word that introduces the version ("Version 12.1.3", "release 3.0.5") is the entry's, unless the token holds it.
    expect(cutTitle('Symantec Endpoint Protection Manager (SEPM) Version 12.1.3', '12.1.3', 'endpoint_protection_manager')).toBe(
      'Symantec Endpoint Protection Manager (SEPM)',
    );
    expect(cutTitle('Polycom HDX System Software release 3.0.5', '3.0.5', 'hdx_system_software')).toBe('Polycom HDX System Software');
    expect(cutTitle('Schneider-Electric Concept 2.6 Service Release 1', '2.6_sr1', 'concept')).toBe('Schneider-Electric Concept');
    expect(cutTitle('ontariosystems Artiva RM 3.1 Maintenance Release 2', '3.1_mr2', 'artiva_rm')).toBe('ontariosystems Artiva RM');
    expect(cutTitle('Cisco Headend System Release 2.1', '2.1', 'headend_system_release')).toBe('Cisco Headend System Release');
    expect(cutTitle('Mh-nexus Hxd Hex Editor Version 1.7.7.0', '1.7.7.0', 'hxd_hex_editor_version')).toBe('Mh-nexus Hxd Hex Editor Version');
    const titles = new CpeTitles();
    for (const title of ['Microsoft Windows 7 64-bit (intial release)', 'Microsoft Windows 7 x86 Service Pack 1', 'Microsoft Windows 7 Beta'])
      titles.add({ vendor: 'microsoft', product: 'windows_7', version: '-', title });
    expect(titles.title('microsoft', 'windows_7')?.title).toBe('Microsoft Windows 7');
  });

  it('parts a product token the dictionary glued onto the word before it, and takes a bracketed short name that starts with the vendor', () => {
    expect(cutTitle('GNU Bourne-Again SHellbash (GNU Bash) 4.3', '4.3', 'bash')).toBe('GNU Bash');
    expect(cutTitle('David Paleinowicd 1.3.1', '1.3.1', 'wicd')).toBe('David Paleino wicd');
    // The vendor's own name may hold the token; a bracketed slug or abbreviation is no short name.
    expect(cutTitle('Revouninstaller Uninstaller 1.83', '1.83', 'uninstaller')).toBe('Revouninstaller Uninstaller');
    expect(cutTitle('12net Login Rebuilder (login_rebuilder) for WordPress 1.0.0', '1.0.0', 'login_rebuilder')).toBe(
      '12net Login Rebuilder (login_rebuilder) for WordPress',
    );
    expect(cutTitle('F5 Networks BIGIP Local Traffic Manager (LTM) 11.5.1', '11.5.1', 'big-ip_local_traffic_manager')).toBe(
      'F5 Networks BIGIP Local Traffic Manager (LTM)',
    );
    // A token that is its own word, or the start of a longer one, stays as written.
    expect(cutTitle('Acme Bash Tools 1.0', '1.0', 'bash')).toBe('Acme Bash Tools');
    expect(cutTitle('Acme bashful 1.0', '1.0', 'bash')).toBe('Acme bashful');
    const titles = new CpeTitles();
    for (const [version, title] of [
      ['4.3', 'GNU Bourne-Again SHellbash (GNU Bash) 4.3'],
      ['4.0', 'GNU Bourne-Again SHellbash (GNU Bash) 4.0 release candidate 1'],
    ])
      titles.add({ vendor: 'gnu', product: 'bash', version: version!, title: title! });
    expect(titles.title('gnu', 'bash')).toEqual({ title: 'GNU Bash', vendorTitle: 'GNU' });
  });

  it('finds the vendor in the leading words of a title', () => {
    expect(vendorPrefix('Red Hat Enterprise Linux', 'redhat')).toBe('Red Hat');
    expect(vendorPrefix('phpMyAdmin Project phpMyAdmin', 'phpmyadmin_project')).toBe('phpMyAdmin');
    expect(vendorPrefix('Apple iPhone OS', 'microsoft')).toBeUndefined();
    expect(vendorPrefix('Apple', 'apple')).toBeUndefined();
  });

  it("drops a vendor's legal form after its name", () => {
    expect(tidyVendor('Apache Software Foundation Tomcat', 'apache')).toBe('Apache Tomcat');
    expect(tidyVendor('OpenSSL Project OpenSSL', 'openssl')).toBe('OpenSSL');
    expect(tidyVendor('Red Hat Enterprise Linux', 'redhat')).toBe('Red Hat Enterprise Linux');
  });

  it('chooses the same title whatever the order of entries', () => {
    const a = new CpeTitles();
    const b = new CpeTitles();
    const entries = [
      { vendor: 'apache', product: 'http_server', version: '1.3.0', title: 'Apache Software Foundation Apache HTTP Server 1.3.0' },
      { vendor: 'apache', product: 'http_server', version: '2.2.21', title: 'Apache HTTP Server 2.2.21' },
      { vendor: 'apache', product: 'http_server', version: '1.29', title: 'Apache Software Foundation Apache 1.29' },
    ];
    entries.forEach((e) => a.add(e));
    [...entries].reverse().forEach((e) => b.add(e));
    expect(a.title('apache', 'http_server')).toEqual(b.title('apache', 'http_server'));
  });
});

describe('the casing rule (no dictionary title, no CNA name)', () => {
  it.each([
    ['enterprise_linux', 'Enterprise Linux'],
    ['http_server', 'HTTP Server'],
    ['phpldapadmin', 'phpLDAPadmin'],
    ['iphone_os', 'iPhone OS'],
    ['internet_information_server', 'Internet Information Server'],
    ['mac_os_x', 'Mac OS X'],
    ['ibm', 'IBM'],
    ['WebLogic Server', 'WebLogic Server'],
  ])('%s → %s', (token, expected) => expect(displayName(token)).toBe(expected));

  it('names the product once when the vendor is the product or its "_project"', () => {
    expect(productName({ vendor: 'phpldapadmin_project', product: 'phpldapadmin' })).toBe('phpLDAPadmin');
    expect(productName({ vendor: 'redhat', product: 'enterprise_linux' })).toBe('Red Hat Enterprise Linux');
    expect(productName({ vendor: 'apache', product: 'http_server' })).toBe('Apache HTTP Server');
    expect(productName({ vendor: 'wordpress', product: 'wordpress' })).toBe('WordPress');
    expect(vendorName({ vendor: 'redhat' })).toBe('Red Hat');
  });
});

describe('display names for a record', () => {
  it("names a product the dictionary does not title under the vendor's name its other titles spell", () => {
    const cpeTitles = new CpeTitles();
    cpeTitles.add({ vendor: 'schneider-electric', product: 'citectscada', version: '7.10', title: 'Schneider Electric CitectSCADA 7.10' });
    cpeTitles.add({ vendor: 'schneider-electric', product: 'clearscada', version: '2010', title: 'Schneider Electric ClearSCADA 2010' });
    cpeTitles.add({ vendor: 'schneider-electric', product: 'concept', version: '2.6', title: 'Schneider-Electric Concept 2.6' });
    expect(cpeTitles.vendorTitle('schneider-electric')).toBe('Schneider Electric');
    expect(cpeTitles.vendorTitle('acme')).toBeUndefined();
    const named = nameProducts([product('schneider-electric', 'modicon_m580_firmware'), product('acme', 'widget_server')], {
      cpeTitles,
      description: 'A flaw in all versions of the Modicon M580.',
    });
    expect(named.map(productName)).toEqual(['Schneider Electric Modicon M580 Firmware', 'Acme Widget Server']);
    // Five words of the description spell the token: the vendor's own spelling wins over the casing rule.
    const spelled = nameProducts([product('schneider-electric', 'ecostruxure_geo_scada_expert_2019')], {
      cpeTitles,
      description: 'Affected Product: EcoStruxure Geo SCADA Expert 2019 (All Versions)',
    });
    expect(spelled.map(productName)).toEqual(['Schneider Electric EcoStruxure Geo SCADA Expert 2019']);
    // A long run with small words in lower case is prose, not a name.
    const prose = nameProducts([product('prototype', 'prototype_of_an_php_application')], {
      description: 'Remote file inclusion in Prototype of an PHP application 0.1.',
    });
    expect(productName(prose[0]!)).not.toContain('of an PHP');
  });

  it("takes the dictionary title first, then the CNA's names, then leaves the casing rule", async () => {
    const { cpeTitles } = await dictionary();
    const named = nameProducts([product('apple', 'iphone_os'), product('haxx', 'curl'), product('phpldapadmin_project', 'phpldapadmin')], {
      cpeTitles,
      cnaProducts: [
        { vendor: 'Apple', product: 'iOS' },
        { vendor: 'curl', product: 'curl' },
      ],
    });
    // A CNA name written in lower case is another token: the casing rule spells it.
    // Apple's renamed system takes its current name over the dictionary's "Apple iPhone OS".
    expect(named.map(productName)).toEqual(['Apple iOS', 'Haxx Curl', 'phpLDAPadmin']);
    expect(named[0]).toMatchObject({ vendor: 'apple', product: 'iphone_os', vendorTitle: 'Apple' });
    const cna = nameProducts([product('vmware', 'esxi')], { cnaProducts: [{ vendor: 'VMware', product: 'ESXi' }] });
    expect(cna.map(productName)).toEqual(['VMware ESXi']);
    const written = nameProducts([product('Red Hat', 'Red Hat Enterprise Linux 9')], {
      cnaProducts: [{ vendor: 'Red Hat', product: 'Red Hat Enterprise Linux 9' }],
    });
    expect(written.map(productName)).toEqual(['Red Hat Enterprise Linux 9']);
  });

  it("then the description's own spelling of the product and its vendor", () => {
    const named = (vendor: string, token: string, description: string) => productName(nameProducts([product(vendor, token)], { description })[0]!);
    expect(
      named('phpbugtracker', 'phpbugtracker', 'Multiple SQL injection vulnerabilities in Issuetracker phpBugTracker before 1.7.0 allow remote attackers'),
    ).toBe('phpBugTracker');
    expect(named('nextclickventures', 'realtyscript', 'Next Click Ventures RealtyScript 4.0.2 fails to properly sanitize CSV file uploads')).toBe(
      'Next Click Ventures RealtyScript',
    );
    expect(named('yeager', 'yeager_cms', 'Unrestricted file upload vulnerability in Yeager CMS 1.2.1 allows remote attackers')).toBe('Yeager CMS');
    expect(named('ecw-shop', 'ecw-shop', 'Cross-site scripting (XSS) vulnerability in index.php in ECW-Shop 5.5 allows')).toBe('ECW-Shop');
    // Written in lower case, or not in the description at all: the casing rule.
    expect(named('neuvoo', 'neuvoo-jobroll', 'The neuvoo-jobroll plugin 2.0 for WordPress has neuvoo_keywords XSS.')).toBe('Neuvoo-jobroll');
    expect(named('acme', 'widget_server', 'A flaw in the Gadget Server.')).toBe('Acme Widget Server');
    // An identifier in the description is code, not a written name.
    expect(named('acme', 'wp_plugin_gallery', 'The WP plugin_gallery module allows XSS.')).toBe('Acme WP Plugin Gallery');
    // Short tokens are not looked for in prose.
    expect(named('acme', 'os', 'The OS crashes.')).toBe('Acme OS');
  });

  it('one vendor is one name across a record: the name a dictionary or CNA title gives it (CVE-2015-3147, "Redhat and Red Hat")', async () => {
    const { cpeTitles } = await dictionary();
    const description = 'The Automatic Bug Reporting Tool (ABRT) in Red Hat Enterprise Linux 7 allows local users to gain privileges.';
    const named = nameProducts([product('redhat', 'automatic_bug_reporting_tool'), product('redhat', 'enterprise_linux'), product('redhat', 'libreport')], {
      cpeTitles,
      description,
    });
    expect(named.map(productName)).toEqual(['Red Hat Automatic Bug Reporting Tool', 'Red Hat Enterprise Linux', 'Red Hat Libreport']);
    expect(named.map((p) => p.vendorTitle)).toEqual(['Red Hat', 'Red Hat', 'Red Hat']);
    // The affected text lists vendors by these names: one vendor, once.
    expect(new Set(named.map(vendorName))).toEqual(new Set(['Red Hat']));
    // Another vendor's name is never borrowed, and without any title the casing rule stays.
    const alone = nameProducts([product('fooco', 'libreport'), product('acme', 'widget')], { description: 'A flaw.' });
    expect(alone.map(productName)).toEqual(['Fooco Libreport', 'Acme Widget']);
  });

  it('when the dictionary spells one vendor two ways, the record uses the spelling most of its products carry, and the longer on a tie', () => {
    const titles = new CpeTitles();
    titles.add({ vendor: 'redhat', product: 'enterprise_linux_desktop', version: '7.0', title: 'Red Hat Enterprise Linux Desktop 7.0' });
    titles.add({ vendor: 'redhat', product: 'enterprise_linux_server', version: '7.0', title: 'Redhat Enterprise Linux Server 7.0' });
    const tie = nameProducts([product('redhat', 'enterprise_linux_server'), product('redhat', 'enterprise_linux_desktop')], { cpeTitles: titles });
    expect(tie.map(productName)).toEqual(['Red Hat Enterprise Linux Server', 'Red Hat Enterprise Linux Desktop']);
    titles.add({ vendor: 'redhat', product: 'enterprise_linux_workstation', version: '7.0', title: 'Redhat Enterprise Linux Workstation 7.0' });
    const most = nameProducts(
      [product('redhat', 'enterprise_linux_server'), product('redhat', 'enterprise_linux_desktop'), product('redhat', 'enterprise_linux_workstation')],
      { cpeTitles: titles },
    );
    expect(most.map(productName)).toEqual(['Redhat Enterprise Linux Server', 'Redhat Enterprise Linux Desktop', 'Redhat Enterprise Linux Workstation']);
    expect(new Set(most.map(vendorName))).toEqual(new Set(['Redhat']));
  });

  it('a dictionary title or a CNA name still wins over the description', async () => {
    const { cpeTitles } = await dictionary();
    const [apple] = nameProducts([product('apple', 'iphone_os')], { cpeTitles, description: 'Apple IPHONE_OS before 9 allows' });
    expect(productName(apple!)).toBe('Apple iOS');
    const [dictionaryOnly] = nameProducts([product('linux', 'linux_kernel')], { cpeTitles, description: 'The LINUX_KERNEL before 5.1 allows' });
    expect(productName(dictionaryOnly!)).toBe('Linux Kernel');
    const [esxi] = nameProducts([product('vmware', 'esxi')], { cnaProducts: [{ vendor: 'VMware', product: 'ESXi' }], description: 'VMWARE ESXI has a flaw' });
    expect(productName(esxi!)).toBe('VMware ESXi');
  });
});

describe('titles that would mislead', () => {
  it("gives no title when none of the pair's titles spells the product", () => {
    const t = new CpeTitles();
    t.add({ vendor: 'microsoft', product: 'windows_98', version: '-', title: 'Microsoft windows 98_beta' });
    expect(t.title('microsoft', 'windows_98')).toBeUndefined();
    expect(productName({ vendor: 'microsoft', product: 'windows_98' })).toBe('Microsoft Windows 98');
  });

  it("names no platform when the pair's titles name different ones, and keeps one they all share", () => {
    const forti = new CpeTitles();
    forti.add({ vendor: 'fortinet', product: 'forticlient', version: '5.2.3.091', title: 'Fortinet FortiClient for Android 5.2.3.091' });
    forti.add({ vendor: 'fortinet', product: 'forticlient', version: '5.2.028', title: 'Fortinet FortiClient for iOS 5.2.028' });
    expect(forti.title('fortinet', 'forticlient')?.title).toBe('Fortinet FortiClient');
    const plugin = new CpeTitles();
    plugin.add({ vendor: 'acme', product: 'contact_form', version: '1.0', title: 'Acme Contact Form for WordPress 1.0' });
    plugin.add({ vendor: 'acme', product: 'contact_form', version: '1.1', title: 'Acme Contact Form for WordPress 1.1' });
    expect(plugin.title('acme', 'contact_form')?.title).toBe('Acme Contact Form for WordPress');
  });

  it('names what follows a CPE 2.2 URI left in a product field', () => {
    expect(displayName('cpe:/h:HP:AdvanceStack 10Base-T Switching Hub J3200A version')).toBe('AdvanceStack 10Base-T Switching Hub J3200A version');
  });
});

describe('names people know, mended against a blind reading (h27-fixes)', () => {
  it('a vendor written as its lower-case token ("aruba Networks", "acquia") is capitalised; "eBay" keeps its spelling', () => {
    const [aruba] = nameProducts([product('arubanetworks', 'aos-cx')], { cnaProducts: [{ vendor: 'aruba Networks', product: 'AOS-CX' }] });
    expect([aruba!.title, aruba!.vendorTitle]).toEqual(['Aruba Networks AOS-CX', 'Aruba Networks']);
    const [ebay] = nameProducts([product('ebay', 'kylin')], { cnaProducts: [{ vendor: 'eBay', product: 'Kylin' }] });
    expect([ebay!.title, ebay!.vendorTitle]).toEqual(['eBay Kylin', 'eBay']);
  });

  it('a dictionary title\'s "(64-bit)" is an entry qualifier, not the product\'s name', () => {
    expect(cutTitle('Microsoft Windows 8.1 x64 (64-bit)', '-', 'windows_8.1')).toBe('Microsoft Windows 8.1');
  });
});

describe('firmware named by its device as the description writes it', () => {
  it('Qualcomm\'s "mdm9625_firmware" is "Qualcomm MDM9625 Firmware", not "Qualcomm Mdm9625 Firmware"', () => {
    const description =
      'In Android before 2018-04-05 or earlier security patch level on Qualcomm Snapdragon Mobile MDM9625, MDM9635M, SD 400, and SD 800, pointers are not validated.';
    const named = nameProducts([product('qualcomm', 'mdm9625_firmware'), product('qualcomm', 'sd_400_firmware')], { description });
    expect(named.map((p) => p.title)).toEqual(['Qualcomm MDM9625 Firmware', 'Qualcomm SD 400 Firmware']);
    // A name starts at a word, not at a slash between two names.
    const [lite] = nameProducts([product('ribboncommunications', 'sbc_swe_lite_firmware')], {
      description: 'A flaw in the Sonus SBC 1000 / SBC 2000 / SBC SWe Lite web interface allows command execution.',
    });
    expect(lite!.title).toBe('Ribboncommunications SBC SWe Lite Firmware');
  });
});

describe('the casing rule knows a few more spellings', () => {
  it.each([
    ['ucosminexus_application_server_enterprise', 'uCosminexus Application Server Enterprise'],
    ['opensuse', 'openSUSE'],
    ['indesign', 'InDesign'],
    ['tor', 'Tor'],
    ['air_sdk', 'Air SDK'],
  ])('%s → %s', (token, name) => expect(displayName(token)).toBe(name));
});
