/**
 * Parts the grammar dropped (issue 23, seventh reading of twenty): a list of parameters of one page, JVN's "in <Module>
 * of <Product>", files after "the Include parameter to (1) …", a program the listed systems ship, a quoted program. Each
 * beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { FactProduct, Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

const OPMANAGER = [{ vendor: 'manageengine', product: 'opmanager' }];
const CYBOZU = [{ vendor: 'cybozu', product: 'office' }];
const BSDS = [
  { vendor: 'freebsd', product: 'freebsd' },
  { vendor: 'openbsd', product: 'openbsd' },
  { vendor: 'netbsd', product: 'netbsd' },
];

describe('a numbered list of parameters of the part named before it', () => {
  it('gives the page every parameter (CVE-2007-5891)', () => {
    expect(
      describedComponent(
        'Multiple cross-site scripting (XSS) vulnerabilities in jsp/Login.do in ManageEngine OpManager MSP Edition and OpManager 7.0 allow remote attackers to inject arbitrary web script or HTML via the (1) requestid, (2) fileid, (3) woMode, and (2) woID parameters.',
        OPMANAGER,
      ),
    ).toBe('jsp/Login.do (requestid, fileid, woMode and woID parameters)');
  });

  it('counts parameters past five', () => {
    expect(
      describedComponent(
        'Multiple cross-site scripting (XSS) vulnerabilities in wpcommentremix.php in the WP Comment Remix plugin 1.4.3 for WordPress allow remote attackers to inject arbitrary web script or HTML via the (1) replytotext, (2) quotetext, (3) originallypostedby, (4) sep, (5) maxtags, (6) tagsep, and (7) taglabel parameters.',
      ),
    ).toBe('wpcommentremix.php (replytotext, quotetext, originallypostedby, sep and 3 other parameters)');
  });

  it('names no part where the description names only the parameters', () => {
    expect(
      describedComponent(
        'Multiple cross-site scripting (XSS) vulnerabilities in ManageEngine OpManager 7.0 allow remote attackers to inject arbitrary web script or HTML via the (1) requestid and (2) fileid parameters.',
        OPMANAGER,
      ),
    ).toBeNull();
  });
});

describe('"in <Module> of <Product>"', () => {
  it('is the module (CVE-2021-20624)', () => {
    expect(
      describedComponent(
        'Improper access control vulnerability in Scheduler of Cybozu Office 10.0.0 to 10.8.4 allows an authenticated attacker to bypass access restriction and alter the data of Scheduler.',
        CYBOZU,
      ),
    ).toBe('Scheduler');
  });

  it('is nothing where what follows "of" is no listed product', () => {
    expect(
      describedComponent('Improper access control vulnerability in Cybozu Office allows an attacker to alter the data of Scheduler Settings of Users.', CYBOZU),
    ).toBeNull();
  });
});

describe('files after "the <name> parameter to (1) …"', () => {
  it('are the places, with the parameter they share (CVE-2006-7081)', () => {
    expect(
      describedComponent(
        'Multiple PHP remote file inclusion vulnerabilities in PhpNews 1.0 allow remote attackers to execute arbitrary PHP code via a URL in the Include parameter to (1) Include/lib.inc.php3 and (2) Include/variables.php3.',
        [{ vendor: 'phpnews', product: 'phpnews' }],
      ),
    ).toBe('Include/lib.inc.php3 and Include/variables.php3 (Include parameter)');
  });

  it('leave a list of what the attacker can do, after "to", alone', () => {
    expect(
      describedComponent(
        'Directory traversal vulnerability in PhpNews 1.0 allows remote attackers to (1) include/config.php and (2) lib.php in admin/index.php.',
        [{ vendor: 'phpnews', product: 'phpnews' }],
      ),
    ).toBe('admin/index.php');
  });
});

describe('"in <part> in <program> (aka …), as distributed in <systems>"', () => {
  it('names the program the systems ship (CVE-2008-1215)', () => {
    expect(
      describedComponent(
        'Stack-based buffer overflow in the command_Expand_Interpret function in command.c in ppp (aka user-ppp), as distributed in FreeBSD 6.3 and 7.0, OpenBSD 4.1 and 4.2, and the net/userppp package for NetBSD, allows local users to gain privileges via commands containing many arguments.',
        BSDS,
      ),
    ).toBe('command.c in ppp');
  });

  it('adds nothing where the program is a listed product', () => {
    expect(
      describedComponent(
        'Buffer overflow in parse.c in FreeBSD, as distributed in FreeBSD 6.3, allows local users to gain privileges via a long argument.',
        BSDS,
      ),
    ).toBe('parse.c');
  });
});

describe('a quoted program', () => {
  it('is the part (CVE-2002-0004)', () => {
    expect(
      describedComponent(
        'Heap corruption vulnerability in the "at" program allows local users to execute arbitrary code via a malformed execution time, which causes at to free the same memory twice.',
        [{ vendor: 'caldera', product: 'openlinux_server' }],
      ),
    ).toBe('at program');
  });

  it('is not a quoted parameter', () => {
    expect(
      describedComponent('SQL injection vulnerability in Caldera Forum allows remote attackers to execute arbitrary SQL commands via the "at" value.', [
        { vendor: 'caldera', product: 'forum' },
      ]),
    ).toBeNull();
  });
});

const AT =
  'Heap corruption vulnerability in the "at" program allows local users to execute arbitrary code via a malformed execution time, which causes at to free the same memory twice.';

const localCode = (description: string, products: FactProduct[]): Facts =>
  factsFixture({
    impacts: ['code_execution'],
    attack: { position: 'local', privileges: 'user', user_interaction: false },
    component: describedComponent(description, []),
    products,
  });

const systems = (primary: boolean): FactProduct[] =>
  ['Caldera Openlinux Server', 'Debian Linux', 'FreeBSD'].map((name) => ({ product: `x:${name.toLowerCase().replace(/ /g, '_')}`, name, primary }));

describe('a program the listed systems ship', () => {
  it('is "on" them when the description names none of them (CVE-2002-0004)', () => {
    expect(factTitle(localCode(AT, systems(false)), AT, [])).toBe('Code execution flaw in the at program on Caldera Openlinux Server and 2 other systems');
  });

  it('stays a part "of" products the description names', () => {
    expect(factTitle(localCode(AT, systems(true)), AT, [])).toBe('Code execution flaw in the at program of Caldera Openlinux Server and 2 other products');
  });
});

describe('the products that only ship the flawed code', () => {
  const foreman = localCode('A flaw was found in foreman-installer when puppet-candlepin is invoked cpdb with the --password parameter.', [
    { product: 'foreman-installer', name: 'foreman-installer', primary: true },
    { product: 'red_hat:satellite_6', name: 'Red Hat Satellite 6', primary: false },
  ]);
  const text = (cnaOnly: boolean | undefined) =>
    factSummary({ facts: foreman, description: '', cweIds: [], severity: '', inKev: false, exploitCode: false, cnaOnly });

  it('are listed by the CVE record where NVD has no record (CVE-2024-3716)', () => {
    expect(text(true)).toContain('The CVE record also lists 1 other product that includes the flawed code.');
    expect(text(true)).not.toContain('NVD');
  });

  it('are listed by NVD where NVD has the record', () => {
    expect(text(false)).toContain('NVD also lists 1 other product that includes the flawed code.');
  });
});
