/**
 * Phrases a third blind annotation (45 records of 2008/2015/2018 nobody here had read, seed
 * "h27-attack-3") found misread or mis-said, and the left-overs of the second: each rule is
 * checked on its phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedAka } from '../../shared/ingest/facts/aka.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { factSummary, placeWords, productSubject } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

const facts = (overrides: Partial<Facts>): Facts =>
  factsFixture({
    impacts: [],
    attack: { position: 'remote', privileges: 'none', user_interaction: false },
    component: null,
    products: [],
    ...overrides,
  });

describe('what the attacker gains, phrases of the third kept-back set', () => {
  it.each<[string, string[]]>([
    [
      'The web interface on the Linksys WRT54g router does not require credentials when invoking scripts, which allows remote attackers to perform arbitrary administrative actions via a direct request to Advanced.tri.',
      ['security_bypass'],
    ],
    [
      'In all android releases from CAF using the linux kernel, improper access control can lead to device node and executable to be run from /cache/ which presents a potential issue.',
      ['code_execution'],
    ],
    [
      'htop 0.7 writes process names to a terminal without sanitizing non-printable characters, which might allow local users to hide processes, modify arbitrary files, or have unspecified other impact via a process name.',
      ['data_tampering', 'spoofing', 'unspecified'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves alone neighbouring words that gain nothing of the kind', () => {
    expect(describedImpacts('allows remote administrators to perform administrative actions such as a reboot via the console.')).not.toContain(
      'security_bypass',
    );
    expect(describedImpacts('allows remote attackers to cause a denial of service because scripts to be run are not checked.')).not.toContain('code_execution');
    expect(describedImpacts('allows remote attackers to obtain sensitive information about hidden processes.')).not.toContain('spoofing');
  });
});

describe('who can attack: a file the attacker supplies, a server the victim connects to', () => {
  it.each<[string, boolean | undefined]>([
    // a local user hands the file to the machine themselves, crafted or malformed alike
    ['allows local users to cause a denial of service (crash) via a crafted ELF file.', false],
    ['allows local users to cause a denial of service (crash) via a malformed ELF file.', false],
    // a remote attacker's file does nothing until someone opens it
    ['Buffer overflow in the data reference atom handling in Apple QuickTime allows remote attackers to execute arbitrary code via a crafted movie.', true],
    ['allows remote attackers to cause a denial of service via a malformed JPEG image.', true],
    // the text names the victim's act: a Trojan horse is run by someone else
    [
      'allows local users to gain privileges via a Trojan horse DLL in the current working directory, leading to DLL loading during Windows Explorer access.',
      true,
    ],
    // a malicious server attacks the clients that connect to it
    [
      'Heap-based buffer overflow in PolarSSL allows remote SSL servers to cause a denial of service (client crash) and possibly execute arbitrary code via a long hostname to the server name indication (SNI) extension.',
      true,
    ],
    ['allows remote attackers to cause a denial of service via crafted packets sent to the server.', false],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});

describe('the part and the names a record gives', () => {
  it('keeps every extension of a file name', () => {
    expect(
      describedComponent(
        'PHP remote file inclusion vulnerability in include/body_comm.inc.php in phpProfiles 4.5.2 BETA allows remote attackers to execute arbitrary PHP code via a URL in the content parameter.',
      ),
    ).toBe('include/body_comm.inc.php (content parameter)');
    expect(describedComponent('SQL injection vulnerability in index.php in Foo allows remote attackers to execute arbitrary SQL commands.')).toBe('index.php');
  });

  it("takes no vendor's note number for a name of the bug", () => {
    expect(
      describedAka(
        'XML external entity (XXE) vulnerability in SAP NetWeaver AS Java 7.4 allows remote attackers to send TCP requests to intranet servers, related to "CIM UPLOAD," aka SAP Security Note 2090851.',
      ),
    ).toEqual([]);
    expect(describedAka('Foo allows remote attackers to read memory, aka the Heartbleed bug.')).toEqual(['Heartbleed']);
  });
});

describe('titles and summaries the third kept-back set showed', () => {
  it("writes Microsoft's part that already names its product once", () => {
    expect(placeWords('Windows MapUrlToZone', 'Microsoft Windows')).toBe('Windows MapUrlToZone');
    expect(placeWords('Windows Kernel', 'Windows 10 and 5 other products')).toBe('Windows Kernel in Windows 10 and 5 other products');
    expect(placeWords('importTextData method', 'Foxit Reader')).toBe('the importTextData method of Foxit Reader');
    expect(placeWords('MapUrlToZone', 'Microsoft Windows')).toBe('MapUrlToZone in Microsoft Windows');
    expect(placeWords('Calendar component', 'Joomla')).toBe('the Calendar component of Joomla');
    const f = facts({
      impacts: ['denial_of_service'],
      component: 'Windows MapUrlToZone',
      products: [{ product: 'microsoft:windows', name: 'Microsoft Windows', primary: true }],
    });
    expect(factTitle(f, 'Windows MapUrlToZone Denial of Service Vulnerability', [])).toBe('Denial of service in Windows MapUrlToZone');
    const text = factSummary({
      facts: f,
      description: 'Windows MapUrlToZone Denial of Service Vulnerability',
      cweIds: [],
      severity: '',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toMatch(/^This is a denial[- ]of[- ]service flaw in Windows MapUrlToZone\./);
  });

  it('writes a title from the part and the gain where the record names no product', () => {
    const goLeak =
      'Due to the usage of a variable time instruction in the assembly implementation of an internal function, a small number of bits of secret scalars are leaked on the ppc64le architecture. Due to the way this function is used, we do not believe this leakage is enough to allow recovery of the private key when P-256 is used in any well known protocols.';
    const title = factTitle(facts({ impacts: ['information_disclosure'], component: 'assembly implementation' }), goLeak, []);
    expect(title).toMatch(/^Information (?:disclosure|leak)\b.* in the assembly implementation$/);
    expect(factTitle(facts({ impacts: ['information_disclosure'] }), goLeak, [])).toBeUndefined();
  });

  it('names one product spelt two ways by its whole name, never by a prefix that stops on "on"', () => {
    const products = [
      { product: 'rubyonrails:ruby_on_rails', name: 'Ruby on Rails', primary: true },
      { product: 'rubyonrails:rails', name: 'Ruby on rails Rails', primary: true },
    ];
    expect(productSubject(products, true).subject).toBe('Ruby on Rails');
    const three = ['Foo on Bar', 'Foo on Baz', 'Foo on Qux'].map((name) => ({ product: `x:${name}`, name, primary: true }));
    expect(productSubject(three, true).subject).not.toBe('Foo on');
  });

  it('names an exposed detail once though the record says it in singular and plural', () => {
    const text = factSummary({
      facts: facts({ impacts: ['information_disclosure'], products: [{ product: 'cryptopp:crypto++_library', name: 'Crypto++', primary: true }] }),
      description:
        'The InvertibleRWFunction::CalculateInverse function in rw.cpp in libcrypt++ 5.6.2 does not properly blind private key operations for the Rabin-Williams digital signature algorithm, which allows remote attackers to obtain private keys via a timing attack.',
      cweIds: [],
      severity: '',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toContain('such as private keys.');
    expect(text).not.toMatch(/private keys and private keys/);
  });
});

describe('a malicious server and the clients that connect to it', () => {
  it('says the client connecting is the victim act, not a file or page a user opens', () => {
    const text = factSummary({
      facts: facts({
        impacts: ['code_execution', 'denial_of_service'],
        attack: { position: 'remote', privileges: 'none', user_interaction: true },
        products: [{ product: 'polarssl:polarssl', name: 'PolarSSL', primary: true }],
      }),
      description:
        'Heap-based buffer overflow in PolarSSL allows remote SSL servers to cause a denial of service (client crash) and possibly execute arbitrary code via a long hostname to the server name indication (SNI) extension.',
      cweIds: [],
      severity: '',
      inKev: false,
      exploitCode: false,
    });
    expect(text).toContain('A malicious or compromised server can attack the clients that connect to it: its operator can run their own code');
    expect(text).not.toMatch(/if a user opens/);
  });
});

describe('phrases of the other years read beside the answers', () => {
  it('reads a path from the root as the file', () => {
    expect(
      describedComponent(
        'The HTTP request parameter is used in the handler function of /goform/form2userconfig.cgi route, which can construct the user name string to delete the user function.',
      ),
    ).toBe('/goform/form2userconfig.cgi');
  });

  it('reads pushing code to a repository as tampering, not as running it', () => {
    const text =
      'there is a few seconds where an attacker can extract the token from the artifact and use it with the Github API to push malicious code or rewrite release commits in your repository.';
    expect(describedImpacts(text)).toContain('data_tampering');
    expect(describedImpacts(text)).not.toContain('code_execution');
  });
});

describe('a Trojan horse and a file opened with the product', () => {
  it.each<[string, boolean | undefined]>([
    ['Untrusted search path vulnerability in HYPER SBI allows an attacker to gain privileges via a Trojan horse DLL in an unspecified directory.', true],
    // a setuid program the attacker runs themselves loads the library
    ['allows local users to gain privileges via a Trojan horse library that is accessed by a setuid or setgid program.', false],
    [
      'An attacker with local access to the system could cause a Denial-of-Service condition in the application when it is used to open a specially crafted file.',
      true,
    ],
  ])('user interaction: %s → %s', (text, interaction) => expect(describedAttack(text).userInteraction).toBe(interaction));
});
