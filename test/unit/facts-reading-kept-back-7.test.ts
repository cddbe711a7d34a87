/**
 * Phrases two blind annotations (h36: 60 records of 2008/2015/2018; h37: 64 records of
 * 2002–2025) found misread in who can attack and what they gain: each rule is checked on its
 * phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { attackFactsOf } from '../support/nvd-fixtures.js';
import { describedBugName } from '../../shared/ingest/explainer/bug-words.js';
import { PLAIN_WEAKNESSES } from '../../shared/ingest/explainer/cwe-plain.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedProduct } from '../../shared/ingest/facts/described-product.js';
import { narrowedByVector } from '../../shared/ingest/facts/fallback.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

describe('gains the description states', () => {
  it.each<[string, string[]]>([
    [
      'Touch Panel (TP) driver in Huawei NEM phones allows attackers to get root privilege or crash the system or execute arbitrary code, related to a buffer overflow.',
      ['code_execution', 'privilege_escalation', 'denial_of_service'],
    ],
    [
      'An exploit could allow the attacker to cause the affected device to reload or corrupt the BGP routing table; either outcome would result in a DoS.',
      ['data_tampering', 'denial_of_service'],
    ],
    [
      'An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 before 17.9.6. The runtime profiling data of a specific service was accessible to unauthenticated users.',
      ['information_disclosure'],
    ],
    ['Although the correct link is used on click, the misleading hover text could trick users into downloading content from untrusted sources.', ['spoofing']],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves their neighbours as they were', () => {
    // a setting the attacker gets is no privilege
    expect(describedImpacts('allows remote attackers to get the current settings via a crafted request.')).toEqual([]);
    // memory the program corrupts is no table the attacker changes
    expect(describedImpacts('A crafted packet can corrupt the heap of the daemon.')).toEqual([]);
    // data accessible to the administrators it belongs to is no leak
    expect(describedImpacts('The profiling data was accessible to administrators only.')).toEqual([]);
    // a hover text that is merely wrong tricks no one
    expect(describedImpacts('The hover text shows the wrong link.')).toEqual([]);
  });
});

describe('gains a record does not state', () => {
  it('"insert arbitrary HTML and web script" is cross-site scripting, not changed data', () => {
    expect(
      describedImpacts('Cross-site scripting (XSS) vulnerability in FuseTalk 2.0 and 3.0 allows remote attackers to insert arbitrary HTML and web script.'),
    ).toEqual(['cross_site_scripting']);
    // inserted records are still data changed
    expect(describedImpacts('allows remote authenticated users to insert arbitrary records into the database.')).toEqual(['data_tampering']);
  });

  it('a MITM attack reads and alters traffic only where the text states no other gain', () => {
    expect(
      describedImpacts(
        'arcanist downloads resources over HTTP, which leaves it vulnerable to MITM attacks. It may be possible to cause remote code execution (RCE) by swapping out the requested resources with an attacker controlled copy.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('The client does not verify certificates, which allows man-in-the-middle attacks.')).toEqual([
      'information_disclosure',
      'data_tampering',
    ]);
  });

  it('a wrong value the program sets is its mistake, the rules bypass it leads to the gain', () => {
    expect(
      describedImpacts(
        'Prior to 3.3.3, if a request is made on an URI starting with //, coraza will set a wrong value in REQUEST_FILENAME. This can lead to a rules bypass.',
      ),
    ).toEqual(['security_bypass']);
    expect(describedImpacts('allows remote administrators to set arbitrary values in the configuration.')).toEqual(['data_tampering']);
  });

  it('a remote file inclusion alone states no code running; one that runs code says so', () => {
    expect(describedImpacts('The bj-lazy-load plugin before 1.0 for WordPress has Remote File Inclusion.')).toEqual([]);
    expect(
      describedImpacts(
        'PHP remote file inclusion vulnerability in index.php allows remote attackers to execute arbitrary PHP code via a URL in the page parameter.',
      ),
    ).toEqual(['code_execution']);
  });

  it('a weakness naming several gains keeps those the CVSS vector rates', () => {
    expect(narrowedByVector(['information_disclosure', 'data_tampering'], ['data_tampering'])).toEqual(['data_tampering']);
    // a vector that rates none of them leaves the weakness whole, and a one-gain weakness is never narrowed
    expect(narrowedByVector(['information_disclosure', 'data_tampering'], ['denial_of_service'])).toEqual(['information_disclosure', 'data_tampering']);
    expect(narrowedByVector(['security_bypass'], ['data_tampering'])).toEqual(['security_bypass']);
  });
});

describe('who can attack', () => {
  it('"web page owners" publish on the server: they hold an account', () => {
    expect(
      describedAttack(
        'The Java Server Pages (JSP) engine in Tomcat allows web page owners to cause a denial of service (engine crash) on the web server via a JSP page.',
      ).privileges,
    ).toBe('user');
    // the owner of the installation is its administrator
    expect(describedAttack('allows remote owners to delete any file via a crafted request.').privileges).toBe('admin');
  });

  it('data "accessible to unauthenticated users" needs no account', () => {
    expect(describedAttack('The runtime profiling data of a specific service was accessible to unauthenticated users.').privileges).toBe('none');
    expect(describedAttack('The runtime profiling data was accessible to project members.').privileges).toBeUndefined();
  });
});

describe('whether a victim acts, where a client program is given an address', () => {
  it('a browser loads a URI only when its user opens it', () => {
    expect(
      describedAttack(
        'Integer underflow in net/base/escape.cc in chrome.dll in Google Chrome 0.2.149.27 allows remote attackers to cause a denial of service (browser crash) via a URI with an invalid handler followed by a "%" (percent) character.',
      ).userInteraction,
    ).toBe(true);
    // a server sent a long URL is attacked by the sender alone
    expect(describedAttack('The web server allows remote attackers to cause a denial of service via a long URL.').userInteraction).toBe(false);
  });
});

describe('whether a victim acts, where the vector is unknown', () => {
  const factsOf = (description: string, metrics: object, cwe?: string) => {
    const nvd = parseNvdCve({
      id: 'CVE-2021-29091',
      sourceIdentifier: 'cve@mitre.org',
      published: '2021-04-01T05:00:00.000',
      lastModified: '2021-04-02T05:00:00.000',
      vulnStatus: 'Analyzed',
      descriptions: [{ lang: 'en', value: description }],
      ...(cwe ? { weaknesses: [{ source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: cwe }] }] } : {}),
      metrics,
    })!;
    return attackFactsOf(nvd, description);
  };
  const v2 = {
    cvssMetricV2: [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '2.0', vectorString: 'AV:N/AC:L/Au:N/C:P/I:P/A:P', baseScore: 7.5 } }],
  };
  const v3 = {
    cvssMetricV31: [
      { source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:L/A:N', baseScore: 4.3 } },
    ],
  };

  it('leaves it open where the attack vectors are unknown, for a bug class that needs no victim and against a v3 vector', () => {
    const sql = factsOf(
      'SQL injection vulnerability in eBASEweb 3.0 allows remote attackers to execute arbitrary SQL commands via unknown attack vectors.',
      v2,
    );
    expect(sql.attack.user_interaction).toBeNull();
    expect(sql.provenance['facts.attack.user_interaction']).toMatch(/attack vectors unknown/);
    expect(
      factsOf('Incomplete blacklist vulnerability in the Packman extension has unknown impact and attack vectors.', v3).attack.user_interaction,
    ).toBeNull();
  });

  it('keeps the neighbours: "via unspecified vectors" leaves the bug class and the vector to speak, as does a named vector', () => {
    expect(
      factsOf('SQL injection vulnerability in Foo allows remote attackers to execute arbitrary SQL commands via unspecified vectors.', v2).attack
        .user_interaction,
    ).toBe(false);
    expect(
      factsOf('Path traversal in Photo Station allows remote authenticated users to write arbitrary files via unspecified vectors.', v3).attack
        .user_interaction,
    ).toBe(false);
    expect(
      factsOf('SQL injection vulnerability in eBASEweb allows remote attackers to execute arbitrary SQL commands via the id parameter.', v2).attack
        .user_interaction,
    ).toBe(false);
    expect(
      factsOf('Cross-site scripting vulnerability allows remote attackers to inject arbitrary web script via unknown attack vectors.', v3).attack
        .user_interaction,
    ).toBe(true);
  });

  it("narrows wrong permissions' read-or-change to what the vector rates", () => {
    const read = factsOf(
      'The set of groups (gidset) is not set correctly, leaving it up to randomness (i.e., uninitialized memory) which supplementary groups are actually being set while lowering privileges.',
      v3,
      'CWE-732',
    );
    expect(read.impacts).toEqual(['data_tampering']);
    expect(read.provenance['facts.impacts']).toBe('CWE (CWE-732)');
  });
});

describe('the product and part of a record that lists no product', () => {
  it.each<[string, { product: string; name: string }]>([
    [
      'An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 before 17.9.6, and 17.10 before 17.10.4. The runtime profiling data of a specific service was accessible to unauthenticated users.',
      { product: 'gitlab:gitlab', name: 'GitLab' },
    ],
    [
      'Although the correct link is used on click, the misleading hover text could trick users into downloading content from untrusted sources. This vulnerability affects Thunderbird < 137.0.2 and Thunderbird < 128.9.2.',
      { product: 'mozilla:thunderbird', name: 'Mozilla Thunderbird' },
    ],
    [
      'estree-util-value-to-estree converts a JavaScript value to an ESTree expression. When generating an ESTree from a value with a property named __proto__, valueToEstree would generate an object that specifies a prototype instead.',
      { product: 'estree-util-value-to-estree:estree-util-value-to-estree', name: 'estree-util-value-to-estree' },
    ],
    [
      'Multiple SQL injection vulnerabilities in MyBulletinBoard (MyBB) Preview Release 2 allow remote attackers to execute arbitrary SQL commands via the fid parameter to misc.php.',
      { product: 'mybb:mybb', name: 'MyBulletinBoard (MyBB)' },
    ],
  ])('%s → %j', (text, product) => expect(describedProduct(text)).toEqual([{ ...product, primary: true }]));

  it('leaves the neighbours: a name without a short one, a sentence in lower case, a part that is no product', () => {
    expect(describedProduct('SQL injection in Foo Bar 1.2 allows remote attackers to execute arbitrary SQL commands.')).toEqual([
      { product: 'foo:bar', name: 'Foo Bar', primary: true },
    ]);
    expect(describedProduct('the parser converts a value to an expression.')).toEqual([]);
    expect(describedProduct('An issue has been discovered in the API affecting all versions.')).toEqual([]);
  });

  it("takes no part from an example's input", () => {
    expect(
      describedComponent(
        'Prior to 3.3.3, if a request is made on an URI starting with //, coraza will set a wrong value in REQUEST_FILENAME. For example, if the URI //bar/uploads/foo.php?a=b is passed to coraza: , REQUEST_FILENAME will be set to /uploads/foo.php. This can lead to a rules bypass.',
      ),
    ).toBeNull();
    expect(describedComponent('SQL injection in admin/login.php in Foo 1.2 allows remote attackers to execute arbitrary SQL commands.')).toBe(
      'admin/login.php',
    );
  });
});

describe('the words for the bug', () => {
  it("names Chrome's policy enforcement by the description, not by the CWE", () => {
    expect(
      describedBugName(
        'Insufficient policy enforcement in Blink in Google Chrome prior to 64.0.3282.119 allowed a remote attacker to potentially bypass content security policy via a crafted HTML page.',
      )?.name,
    ).toBe('insufficient policy enforcement');
    expect(describedBugName('Insufficient data validation in V8 in Google Chrome allowed a remote attacker to run code.')).toBeUndefined();
  });

  it('says no code running of a prototype pollution the record does not say runs code', () => {
    expect(PLAIN_WEAKNESSES['CWE-1321']?.effect).not.toMatch(/run their own code/);
    expect(PLAIN_WEAKNESSES['CWE-1321']?.effect).toMatch(/change the base objects/);
  });
});
