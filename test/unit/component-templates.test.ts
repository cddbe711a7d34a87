/**
 * The part a title names, where the vendor's template names it without "function", "module" or
 * the like; each beside a neighbour of the same shape that names no part.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';

const listed = (vendor: string, product: string) => [{ vendor, product }];

describe('parts named by a template', () => {
  it.each<[string, string, ReturnType<typeof listed>]>([
    [
      'CoreGraphics in Apple Mac OS X before 10.5.3 allows remote attackers to execute arbitrary code via a crafted PDF document.',
      'CoreGraphics',
      listed('apple', 'mac_os_x'),
    ],
    [
      'Insufficient data validation in Downloads in Google Chrome prior to 64.0.3282.119 allowed a remote attacker to potentially run arbitrary code.',
      'Downloads',
      listed('google', 'chrome'),
    ],
    [
      "A arbitrary file read vulnerability exists in Jenkins 2.132 and earlier in the Stapler web framework's org/kohsuke/stapler/Stapler.java that allows attackers to read files.",
      'org/kohsuke/stapler/Stapler.java',
      listed('jenkins', 'jenkins'),
    ],
    [
      'An information disclosure vulnerability exists when Remote Procedure Call runtime improperly initializes objects in memory, aka "Remote Procedure Call runtime Information Disclosure Vulnerability."',
      'Remote Procedure Call runtime',
      listed('microsoft', 'windows_7'),
    ],
    [
      "A spoofing vulnerability exists when Transport Layer Security (TLS) accesses non- Extended Master Secret (EMS) sessions, aka 'Microsoft Windows Transport Layer Security Spoofing Vulnerability'.",
      'Windows Transport Layer Security',
      listed('microsoft', 'windows_10'),
    ],
    [
      'The DNS packet parsing/generation code in PowerDNS (aka pdns) Authoritative Server 3.4.x before 3.4.6 allows remote attackers to cause a denial of service (crash) via crafted query packets.',
      'DNS packet parsing/generation code',
      listed('powerdns', 'authoritative'),
    ],
    [
      'A vulnerability in the Control and Provisioning of Wireless Access Points (CAPWAP) protocol processing of Cisco IOS XE Wireless Controller Software could allow an unauthenticated, remote attacker to cause a denial of service.',
      'CAPWAP protocol processing',
      listed('cisco', 'ios_xe'),
    ],
    [
      'Zoom X3 ADSL modem has a terminal running on port 254 that can be accessed using the default HTML management password, even if the password has been changed for the HTTP interface.',
      'terminal on port 254',
      listed('zoom', 'x3'),
    ],
    [
      'inappropriate x86 IOMMU timeout detection / handling IOMMUs process commands issued to them in parallel. In the current implementation in Xen, asynchronous notification is not used.',
      'x86 IOMMU timeout detection / handling',
      listed('xen', 'xen'),
    ],
    [
      'Unspecified vulnerability in the Oracle GlassFish Server component in Oracle Fusion Middleware 2.1.1 and 3.0.1 allows remote attackers to affect confidentiality via vectors related to Administration.',
      'Administration subcomponent',
      listed('oracle', 'glassfish_server'),
    ],
    [
      'Unknown versions of Internet Explorer and Outlook allow remote attackers to spoof a legitimate URL in the status bar via A HREF tags with modified "alt" values.',
      'status bar',
      listed('microsoft', 'ie'),
    ],
  ])('%s', (description, part, products) => {
    expect(describedComponent(description, products)).toBe(part);
  });

  it('leaves alone the same shapes where they name no part', () => {
    expect(describedComponent('Buffer overflow in Apple Mac OS X allows attackers to execute code.', listed('apple', 'mac_os_x'))).toBeNull();
    expect(describedComponent('Jenkins in Jenkins 2.1 allows attackers to read files.', listed('jenkins', 'jenkins'))).toBeNull();
    expect(
      describedComponent(
        'A vulnerability in the web-based management interface of Cisco IOS XE could allow an attacker to crash it.',
        listed('cisco', 'ios_xe'),
      ),
    ).toBe('web-based management interface');
    expect(describedComponent('In the current implementation in Xen, a guest can crash the host.', listed('xen', 'xen'))).toBeNull();
    expect(describedComponent('The status bar shows the wrong URL, which allows remote attackers to spoof sites.', listed('microsoft', 'ie'))).toBeNull();
    expect(
      describedComponent(
        'Unspecified vulnerability in Oracle Java SE allows remote attackers to affect availability via vectors related to 2D.',
        listed('oracle', 'jre'),
      ),
    ).toBeNull();
    expect(describedComponent("A spoofing vulnerability exists, aka 'Microsoft Excel Spoofing Vulnerability'.", listed('microsoft', 'excel'))).toBeNull();
    expect(describedComponent('… aka "Cross-Domain Information Disclosure Vulnerability."', listed('microsoft', 'internet_explorer'))).toBeNull();
    expect(describedComponent('… aka "Microsoft Browser Elevation of Privilege Vulnerability."', listed('microsoft', 'edge'))).toBeNull();
  });
});

describe('a part that says its product', () => {
  const facts: Facts = {
    impacts: ['information_disclosure'],
    attack: { position: 'remote', privileges: 'none', user_interaction: false },
    component: 'RESTful module',
    products: [{ product: 'restful_project:restful', name: 'RESTful', primary: true }],
    fixed_in: [],
    last_affected: [],
    fix_stated: false,
    exploit_public: false,
    aka: [],
  };
  it('is written once', () => {
    expect(factTitle(facts, 'The RESTful module for Drupal allows remote attackers to obtain sensitive information.', [])).toBe(
      'RESTful module flaw lets remote attackers read sensitive data',
    );
    expect(factTitle({ ...facts, component: 'admin module' }, 'The admin module in RESTful allows remote attackers to obtain sensitive information.', [])).toBe(
      'RESTful flaw in the admin module lets remote attackers read sensitive data',
    );
  });
  it('the caching mistake is named', () => {
    const description =
      'The RESTful module 7.x-1.x before 7.x-1.3 for Drupal does not properly cache pages of authenticated users when using non-cookie authentication providers, which allows remote attackers to obtain sensitive information.';
    expect(factTitle(facts, description, [])).toBe('Improper caching of pages in RESTful module lets remote attackers read sensitive data');
  });
});

describe("NVD's numbered lists", () => {
  it('name the part without the list number ("the (1) dbm_open function … and the (2) dbminit function", CVE-2003-1067, h40)', () => {
    expect(
      describedComponent(
        'Multiple buffer overflows in the (1) dbm_open function, as used in ndbm and dbm, and the (2) dbminit function in Solaris 2.6 through 9 allow local users to gain root privileges via long arguments to Xsun or other programs that use these functions.',
      ),
    ).toBe('dbm_open function');
  });

  it('leave a part with no list number as it is', () => {
    expect(
      describedComponent('A buffer overflow in the ParseJSS function in VideoLAN VLC allows attackers to read heap data via a crafted subtitles file.'),
    ).toBe('ParseJSS function');
  });
});

describe('a bug word before the product', () => {
  const aruba = [{ vendor: 'arubanetworks', product: 'clearpass_policy_manager' }];

  it('is no part, capitalised or not ("Vulnerabilities in the ClearPass Policy Manager …", CVE-2022-37883)', () => {
    expect(
      describedComponent(
        'Vulnerabilities in the ClearPass Policy Manager web-based management interface allow remote authenticated users to run arbitrary commands.',
        aruba,
      ),
    ).toBeNull();
  });

  it('leaves a named part before the product', () => {
    expect(describedComponent('Insight in ClearPass Policy Manager allows remote authenticated users to run arbitrary commands.', aruba)).toBe('Insight');
  });
});
