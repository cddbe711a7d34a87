import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { deriveTitle, factTitle, isGenericTitle } from '../../shared/ingest/derive/title.js';
import { bulletinsIn } from '../../shared/ingest/facts/aka.js';
import { factProducts } from '../../shared/ingest/facts/products.js';
import { describedBug } from '../../shared/ingest/explainer/bug-words.js';
import { factSummary, productSubject } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

const facts = (overrides: Partial<Facts> = {}): Facts =>
  factsFixture({
    impacts: ['code_execution', 'denial_of_service'],
    attack: { position: 'remote', privileges: 'none', user_interaction: true },
    component: 'authplay.dll',
    products: [{ product: 'adobe:flash_player', name: 'Adobe Flash Player', primary: true }],
    ...overrides,
  });

const summary = (f: Facts, description = '', cweIds: string[] = []) =>
  factSummary({ facts: f, description, cweIds, severity: 'It is rated high: 9.3 out of 10.', inKev: false, exploitCode: false });

describe('the summary from the facts', () => {
  it('says the bug, the part, the product, who attacks, every gain and what the victim does', () => {
    const text = summary(
      facts(),
      'Heap-based buffer overflow in authplay.dll in Adobe Flash Player allows remote attackers to execute arbitrary code or cause a denial of service via a crafted SWF file.',
    );
    expect(text).toContain('This is a heap-based buffer overflow flaw in authplay.dll in Adobe Flash Player.');
    expect(text).toContain(
      'A remote attacker can run their own code or stop the software from working if a user opens a file, link or page that the attacker made.',
    );
  });

  it('lets no CWE gloss speak over the stated gains: a crash-only bug is no code execution', () => {
    const text = summary(
      facts({ impacts: ['denial_of_service'], attack: { position: 'remote', privileges: 'none', user_interaction: false } }),
      'Use-after-free in Foo allows remote attackers to cause a denial of service.',
      ['CWE-416'],
    );
    expect(text).not.toMatch(/run (?:their own )?code/);
    expect(text).toContain('stop the software from working');
  });

  it('never says "from the internet" of an on-path attacker, nor "anyone" of one who signs in', () => {
    expect(
      summary(facts({ attack: { position: 'man_in_the_middle', privileges: 'none', user_interaction: false }, impacts: ['information_disclosure'] })),
    ).not.toMatch(/internet|anyone/i);
    expect(summary(facts({ attack: { position: 'remote', privileges: 'user', user_interaction: false } }))).not.toMatch(/anyone/i);
  });

  it('says a malicious server attacks the client that connects to it', () => {
    const text = summary(
      facts({ impacts: ['information_disclosure'], attack: { position: 'remote', privileges: 'none', user_interaction: false } }),
      'The resend_bytes function in roaming_common.c in the client in OpenSSH allows remote servers to obtain sensitive information from process memory by requesting transmission of an entire buffer, as demonstrated by reading a private key.',
    );
    expect(text).toContain('A malicious or compromised server can attack the clients that connect to it');
    expect(text).toContain('such as process memory and private key');
  });

  it('shows the names the bug is known by, and counts the products that only ship it', () => {
    const text = summary(
      facts({
        aka: ['Heartbleed'],
        products: [
          { product: 'openssl:openssl', name: 'OpenSSL', primary: true },
          { product: 'a:b', name: 'B', primary: false },
          { product: 'c:d', name: 'D', primary: false },
        ],
      }),
    );
    expect(text).toContain('It is also known as Heartbleed.');
    expect(text).toContain('NVD also lists 2 other products that include the flawed code.');
    expect(text).not.toMatch(/flaw in 3 products/);
  });

  it("says a remote attacker's privileges are the application's, not the machine's, where the record names no root (wwwthreads, CVE-2000-0125)", () => {
    const text = summary(
      facts({ impacts: ['privilege_escalation'], attack: { position: 'remote', privileges: 'none', user_interaction: false } }),
      'does not properly cleanse numeric data passed to SQL queries, which allows remote attackers to gain privileges for wwwthreads forums.',
    );
    expect(text).toContain('can raise their privileges.');
    expect(text).not.toContain('on the system');
  });

  it('names files as exposed only where they are what is read (elfspirit "parses … ELF files", CVE-2022-21711)', () => {
    const leak = facts({ impacts: ['information_disclosure'], attack: { position: 'remote', privileges: 'none', user_interaction: true } });
    expect(summary(leak, 'elfspirit parses, manipulates, and camouflages ELF files. The information of any address can be leaked.')).not.toContain(
      'such as files',
    );
    expect(summary(leak, 'A path traversal allows remote attackers to read arbitrary files.')).toContain('such as files');
  });

  it('says a local user gains root where the record says root', () => {
    expect(
      summary(
        facts({ impacts: ['privilege_escalation'], attack: { position: 'local', privileges: 'user', user_interaction: false } }),
        'allows local users to gain root privileges.',
      ),
    ).toContain('A local user of the machine can raise their privileges on the system (up to root).');
  });
});

describe('the title from the facts', () => {
  it('says the bug, the part, the product and the main gain', () => {
    expect(factTitle(facts(), 'Heap-based buffer overflow in authplay.dll in Adobe Flash Player …', [])).toBe(
      'Heap-based buffer overflow in authplay.dll in Adobe Flash Player lets remote attackers run code',
    );
  });

  it('leaves out a gain the bug class already says', () => {
    expect(
      factTitle(
        facts({ impacts: ['sql_injection'], component: 'search.php', attack: { position: 'remote', privileges: 'none', user_interaction: false } }),
        'SQL injection vulnerability in search.php …',
        [],
      ),
    ).toBe('SQL injection in search.php in Adobe Flash Player');
  });

  it('names the product and the gain when the record names no bug class, never "Security flaw in"', () => {
    const title = factTitle(facts({ component: null }), 'Adobe Flash Player allows remote attackers to execute arbitrary code.', ['CWE-20']) ?? '';
    expect(title).toBe('Adobe Flash Player flaw lets remote attackers run code');
    expect(isGenericTitle(title)).toBe(false);
    expect(isGenericTitle('Security flaw in Adobe Flash Player')).toBe(true);
    expect(isGenericTitle('Input checking in Adobe Flash Player')).toBe(true);
  });

  it('names a family of products by the words their names share', () => {
    const windows = ['Microsoft Windows XP', 'Microsoft Windows 7', 'Microsoft Windows Server 2008', 'Windows 8 x64 (64-bit)'].map((name, i) => ({
      product: `microsoft:w${i}`,
      name,
      primary: true,
    }));
    expect(productSubject(windows, true).subject).toBe('Microsoft Windows');
  });
});

describe('the bug class a description names', () => {
  it.each([
    ['Multiple stack-based buffer overflows in the Server Agent …', 'stack-based buffer overflow'],
    ['Cross-site scripting (XSS) vulnerability in search.php …', 'cross-site scripting'],
    [
      'Unspecified vulnerability in Apple QuickTime allows remote attackers to cause a denial of service and execute arbitrary code via a crafted file, which triggers memory corruption.',
      'memory corruption',
    ],
    ['The kernel allows local users to cause a denial of service.', 'denial of service'],
    ['NULL pointer dereference in libclamav …', 'null pointer dereference'],
  ])('%s → %s', (text, bug) => expect(describedBug(text)).toBe(bug));
});

describe('famous records, as their descriptions read', () => {
  it('names a family of products the description abbreviates (MS08-067: "Windows 2000 SP4, XP SP2 …, Server 2003")', () => {
    const product = (name: string) => ({ vendor: 'microsoft', product: name, ranges: [], openEnded: false, fixedVersions: [], part: 'o' as const });
    const facts = factProducts(
      [product('windows_2000'), product('windows_xp'), product('windows_server_2003'), product('windows_7')],
      'The Server service in Microsoft Windows 2000 SP4, XP SP2 and SP3, Server 2003 SP1 allows remote attackers to execute arbitrary code.',
    );
    expect(facts.map((p) => p.primary)).toEqual([true, true, true, false]);
  });

  it('takes a Microsoft bulletin the references link to as a name of the bug', () => {
    expect(bulletinsIn(['https://docs.microsoft.com/en-us/security-updates/securitybulletins/2008/ms08-067', 'https://example.com/'])).toEqual(['MS08-067']);
  });
});

describe('a title from the description', () => {
  it('drops a leading category: "Unspecified vulnerability in X …" says X and what happens', () => {
    const title = deriveTitle(
      { id: 'CVE-2005-0001', cweCatalogue: new Map() },
      {
        rejected: false,
        cweIds: [],
        description: 'Unspecified vulnerability in the Mac OS X kernel before 10.3.8 allows local users to cause a denial of service.',
      },
    );
    expect(title.value).toBe('Mac OS X kernel before 10.3.8 allows local users to cause a denial of service');
    expect(isGenericTitle(title.value)).toBe(false);
  });
});
