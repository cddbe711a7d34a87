/**
 * Parts named by NVD's numbered lists and by INCIBE's quoted places (issue 23, sixteenth session): every place a
 * list names, within a length, and the quoted file with its parameter; each beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { factTitle } from '../../shared/ingest/derive/title.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';

const CONPRESSO =
  'Multiple cross-site scripting (XSS) vulnerabilities in Bartels Schoene ConPresso before 4.0.5a allow remote attackers to inject arbitrary web script or HTML via (1) the nr parameter in detail.php, (2) the msg parameter in db_mysql.inc.php, and (3) the pos parameter in index.php.';

describe('a numbered list of injection points', () => {
  it('names every place, not only the first (CVE-2006-5127)', () => {
    expect(describedComponent(CONPRESSO)).toBe('detail.php (nr parameter), db_mysql.inc.php (msg parameter) and index.php (pos parameter)');
  });

  it('puts parameters of one file together and keeps the list\'s "or"', () => {
    expect(
      describedComponent(
        'Multiple cross-site scripting (XSS) vulnerabilities in DVBBS 7.1 SP2 and earlier allow remote attackers to inject arbitrary web script or HTML via (1) the page parameter to dispbbs.asp, (2) name parameter to dispuser.asp, or the (3) title, (4) view, or (5) act parameter to boardhelp.asp.',
      ),
    ).toBe('dispbbs.asp (page parameter), dispuser.asp (name parameter) and 1 other place');
    expect(
      describedComponent(
        'Multiple cross-site scripting (XSS) vulnerabilities in DVBBS 7.1 allow remote attackers to inject arbitrary web script or HTML via (1) the page parameter to a.asp or the (2) title, (3) view, or (4) act parameter to b.asp.',
      ),
    ).toBe('a.asp (page parameter) or b.asp (title, view and act parameters)');
  });

  it('counts places past three, and items that name no file, as other places', () => {
    expect(
      describedComponent(
        'Multiple SQL injection vulnerabilities in Devellion CubeCart 2.0.x allow remote attackers to execute arbitrary SQL commands via (1) the user_name parameter in admin/forgot_pass.php, (2) the order_id parameter in view_order.php, (3) the view_doc parameter in view_doc.php, and (4) the order_id parameter in admin/print_order.php.',
      ),
    ).toBe('admin/forgot_pass.php (user_name parameter), view_order.php (order_id parameter) and 2 other places');
    expect(
      describedComponent(
        'Unspecified vulnerability in ecotwo Shopsystem 1.0-192 and earlier allows remote attackers to include arbitrary local files via (1) the lang parameter in news.php and (2) other unspecified vectors.',
      ),
    ).toBe('news.php (lang parameter) and 1 other place');
  });

  it('drops places into the count until the part fits in 100 characters', () => {
    const part = describedComponent(
      'Multiple cross-site scripting (XSS) vulnerabilities in ManageEngine Firewall Analyzer allow remote attackers to inject arbitrary web script or HTML via the (1) ipFamily parameter to corporate/webpages/trafficdiscovery/LiveConnections.jsp, (2) ipFamily parameter to corporate/webpages/trafficdiscovery/LiveConnectionDetail.jsp, or (3) username parameter to corporate/webpages/trafficdiscovery/LiveConnectionDetail.jsp.',
    );
    expect(part).toBe('corporate/webpages/trafficdiscovery/LiveConnections.jsp (ipFamily parameter) and 1 other place');
  });

  it('names the files of a list after "in", with the parameter they share', () => {
    expect(
      describedComponent(
        'Multiple PHP remote file inclusion vulnerabilities in Cantico Ovidentia 5.8.0 allow remote attackers to execute arbitrary PHP code via a URL in the babInstallPath parameter in (1) index.php, (2) topman.php, (3) approb.php, and (4) vacadmb.php.',
      ),
    ).toBe('index.php, topman.php, approb.php and 1 other place (babInstallPath parameter)');
  });

  it('leaves a part named before the list as the part (CVE-2008-3768)', () => {
    expect(
      describedComponent(
        'Multiple SQL injection vulnerabilities in class.ajax.php in Turnkey Web Tools SunShop Shopping Cart before 4.1.5 allow remote attackers to execute arbitrary SQL commands via (1) the id parameter in an edit_registry action to index.php, (2) a vector involving the check_email function, and other vectors.',
      ),
    ).toBe('class.ajax.php (id parameter)');
  });

  it('leaves a single injection point as it was', () => {
    expect(
      describedComponent(
        'SQL injection vulnerability in index.php in PHP Classifieds 7.1 allows remote attackers to execute arbitrary SQL commands via the catid parameter.',
      ),
    ).toBe('index.php (catid parameter)');
  });

  it('gives the title its first places where all do not fit', () => {
    const facts: Facts = {
      impacts: ['cross_site_scripting'],
      attack: { position: 'remote', privileges: 'none', user_interaction: true },
      component: describedComponent(CONPRESSO),
      products: [{ product: 'conpresso:conpresso_cms', name: 'ConPresso', primary: true }],
      fixed_in: [],
      last_affected: [],
      fix_stated: true,
      exploit_public: false,
      aka: [],
    };
    expect(factTitle(facts, CONPRESSO, ['CWE-79'])).toBe(
      'Cross-site scripting in detail.php (nr parameter), db_mysql.inc.php (msg parameter) and 1 other place in ConPresso',
    );
  });
});

describe('a numbered list of files before the product', () => {
  it('names each file with the list\'s own "or" (CVE-2004-0224)', () => {
    expect(
      describedComponent(
        'Multiple buffer overflows in (1) iso2022jp.c or (2) shiftjis.c for Courier-IMAP before 3.0.0, Courier before 0.45, and SqWebMail before 4.0.0 may allow remote attackers to execute arbitrary code "in the context of the user or domain."',
      ),
    ).toBe('iso2022jp.c or shiftjis.c');
  });

  it('leaves a list of functions to the function reading (CVE-2003-1067)', () => {
    expect(
      describedComponent(
        'Multiple buffer overflows in the (1) dbm_open function, as used in ndbm and dbm, and the (2) dbminit function in Solaris 2.6 through 9 allow local users to gain root privileges.',
      ),
    ).toBe('dbm_open function');
  });
});

describe("a quoted parameter in a quoted place (INCIBE's template)", () => {
  it('names the place and the parameter (CVE-2024-33992)', () => {
    expect(
      describedComponent(
        "Cross-Site Scripting (XSS) vulnerability in School Event Management System affecting version 1.0. An attacker could exploit this vulnerability by sending a specially crafted query to the server and retrieve all the information stored in it through the 'view' parameter in '/student/index.php'.",
      ),
    ).toBe('/student/index.php (view parameter)');
    expect(
      describedComponent(
        "Cross-Site Scripting (XSS) vulnerability in E-Negosyo System affecting version 1.0. An attacker could send a specially crafted URL to a victim to obtain their session cookie details via 'category' parameter in '/index.php'.",
      ),
    ).toBe('/index.php (category parameter)');
  });

  it('leaves a quoted parameter with no quoted place to the parameter reading', () => {
    expect(describedComponent("SQL injection in admin/login.php in Foo CMS 1.0 allows remote attackers to run SQL commands via the 'user' parameter.")).toBe(
      'admin/login.php (user parameter)',
    );
  });
});
