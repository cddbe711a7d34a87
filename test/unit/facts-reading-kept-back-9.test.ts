/**
 * Phrases the h39 blind annotation (64 records of 2002–2025) found misread in what an attacker
 * gains: each rule is checked on its phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { deriveTitle, factTitle } from '../../shared/ingest/derive/title.js';
import { impactPhrase } from '../../shared/ingest/explainer/fact-words.js';
import { placeWords, productSubject } from '../../shared/ingest/explainer/summary.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

describe('gains the description states', () => {
  it.each<[string, string[]]>([
    [
      'connector.php in the fckeditor2rc2 addon in DoceboLMS 2.0.4 allows remote attackers to execute arbitrary PHP by using the FileUpload command to upload a file that appears to be an image but contains PHP script.',
      ['code_execution'],
    ],
    [
      'ircu 2.10.12.01 through 2.10.12.04 does not remove ops privilege after a join from a server with an older timestamp (TS), which allows remote attackers to gain control of a channel during a split.',
      ['privilege_escalation'],
    ],
    [
      'slapd in OpenLDAP 2.0 through 2.0.19 allows local users, and anonymous users before 2.0.8, to conduct a "replace" action on access controls without any values, which causes OpenLDAP to delete non-mandatory attributes that would otherwise be protected by ACLs.',
      ['security_bypass', 'data_tampering'],
    ],
    [
      'Adobe ColdFusion MX 7.0 does not honor when the CFOBJECT /CreateObject(Java) setting is disabled, which allows local users to create an object despite the specified configuration.',
      ['security_bypass', 'data_tampering'],
    ],
    [
      'NETCONF over Secure Shell (SSH) of Cisco IOS XR Software may allow connections despite an access control list (ACL) that is configured.',
      ['security_bypass'],
    ],
    [
      'If there is a mechanism in an app that sends multipart requests to an attacker-controlled website, they can use this to leak the necessary values. Therefore, an attacker can tamper with the requests going to the backend APIs if certain conditions are met.',
      ['data_tampering'],
    ],
    [
      'includes/options.php in the motors-car-dealership-classified-listings (aka Motors - Car Dealer & Classified Ads) plugin through 1.4.0 for WordPress allows unauthenticated options changes.',
      ['data_tampering'],
    ],
    [
      'IBM Kenexa LMS on Cloud is vulnerable to SQL injection. A remote attacker could send specially-crafted SQL statements, which could allow the attacker to view, add, modify or delete information in the back-end database.',
      ['sql_injection', 'information_disclosure', 'data_tampering'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves their neighbours as they were', () => {
    // script run in the victim's browser is cross-site scripting, not code on the server
    expect(describedImpacts('allows remote attackers to execute arbitrary JavaScript in the browser of a user via the name parameter.')).toEqual([
      'cross_site_scripting',
    ]);
    // SQL run for the attacker is SQL injection
    expect(describedImpacts('allows remote attackers to execute arbitrary SQL commands via the id parameter.')).toEqual(['sql_injection']);
    // control lost over a channel is no gain
    expect(describedImpacts('The client may lose control of a channel during a split.')).toEqual([]);
    // a crash despite a fix is no bypass
    expect(describedImpacts('The service still crashes despite the earlier fix.')).toEqual(['denial_of_service']);
    // an attribute protected by ACLs, read as such, is no bypass
    expect(describedImpacts('Attributes are protected by ACLs.')).toEqual([]);
    // requests tampered with are how, not what
    expect(describedImpacts('allows remote attackers to cause a denial of service via tampered requests.')).toEqual(['denial_of_service']);
    // changes an administrator makes are no gain
    expect(describedImpacts('Options changes made by the administrator are logged.')).toEqual([]);
  });
});

describe('gains a record does not state', () => {
  it.each<[string, string[]]>([
    // a requirement ("with authority to create a cluster object") is not a gain
    [
      'IBM WebSphere MQ 8.0 could allow an authenticated user with authority to create a cluster object to cause a denial of service to MQ clustering.',
      ['denial_of_service'],
    ],
    // the value the user may set is the input that triggers the bug
    ['drm/amd/pm: Prevent division by zero The user can set any speed value. If speed is greater than UINT_MAX/8, division by zero is possible.', []],
    // accounts taken over, administrators' among them, are not data disclosed
    [
      'This makes it possible for authenticated attackers, with teacher-level access and above, to update arbitrary user details including email which makes it possible to request a password reset and access arbitrary user accounts, including administrators.',
      ['privilege_escalation', 'data_tampering'],
    ],
    // Cisco's CLI user reaching the system beneath it is the escalation, not a bypass beside it
    [
      'A successful exploit could allow the attacker to elevate privileges to root on the underlying operating system of an affected device. The security impact rating (SIR) of this advisory has been raised to High because an attacker could gain access to the underlying operating system of the affected device and perform potentially undetected actions.',
      ['privilege_escalation'],
    ],
  ])('%s → %j', (text, impacts) => expect(describedImpacts(text)).toEqual(impacts));

  it('leaves their neighbours as they were', () => {
    // the rights the attacker holds are said, the gain after them still read
    expect(
      describedImpacts(
        'WN-G300R3 firmware 1.03 and earlier allows attackers with administrator rights to execute arbitrary OS commands via unspecified vectors.',
      ),
    ).toEqual(['code_execution']);
    expect(describedImpacts('allows remote authenticated users with permission to edit posts to delete arbitrary files.')).toEqual(['data_tampering']);
    // each attacker of a numbered list keeps the gain after their own permission
    expect(
      describedImpacts(
        'allows (1) remote authenticated users with the view_reports permission to read reports from arbitrary hosts or (2) remote authenticated users with the destroy_reports permission to delete reports from arbitrary hosts.',
      ),
    ).toEqual(['information_disclosure', 'data_tampering']);
    // privileges the attacker holds before a gain with no second verb are no requirement clause
    expect(describedImpacts('allows local attackers with shell privilege to escalate their privileges to root.')).toEqual(['privilege_escalation']);
    // the requirement is left out, the gain after it kept
    expect(
      describedImpacts('This could be exploited by an authenticated user with privileges to modify node attributes to inject malicious javascript.'),
    ).toEqual(['cross_site_scripting']);
    // a user allowed to set arbitrary configuration values changes data
    expect(describedImpacts('allows local users to set arbitrary configuration values.')).toEqual(['data_tampering']);
    // accounts taken over without an administrator's named are a bypass
    expect(describedImpacts('makes it possible for unauthenticated attackers to access arbitrary user accounts.')).toEqual(['security_bypass']);
    // a kiosk left for the system beneath it, with no escalation stated, is a bypass
    expect(
      describedImpacts(
        'This could allow an unauthenticated local attacker to escape the restricted environment and gain access to the underlying operating system.',
      ),
    ).toEqual(['security_bypass']);
    // access to some other system is still getting past its access control
    expect(describedImpacts('could allow an attacker to gain access to the affected device.')).toEqual(['security_bypass']);
  });
});

const noSources = { id: 'CVE-2025-24225', kev: undefined, nvd: undefined, cve5: undefined, cweCatalogue: new Map() } as unknown as Parameters<
  typeof deriveTitle
>[0];
const titleOf = (description: string) => deriveTitle(noSources, { rejected: false, cweIds: [], description }).value;

describe('the title of a record with no product facts', () => {
  it("skips Apple's sentences of how and where the flaw was fixed", () => {
    expect(
      titleOf(
        'An injection issue was addressed with improved input validation. This issue is fixed in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5. Processing an email may lead to user interface spoofing.',
      ),
    ).toBe('Processing an email may lead to user interface spoofing');
  });

  it('ends a long sentence at the last clause that fits, not mid-phrase', () => {
    expect(
      titleOf('Insufficiently protected credentials in Azure Local Cluster allows an authorized attacker to disclose information locally, and more besides.'),
    ).toBe('Insufficiently protected credentials in Azure Local Cluster');
  });

  it('leaves their neighbours as they were', () => {
    // a sentence that names the flaw and then its fix is about the flaw
    expect(titleOf('A stack overflow in the parser was fixed in 2.0.')).toBe('A stack overflow in the parser was fixed in 2.0');
    // a long sentence with no clause to end at is cut on a word
    expect(titleOf(`${'word '.repeat(30)}end.`)).toMatch(/…$/);
  });
});

const factsOf = (products: Facts['products'], impacts: Facts['impacts'], component: string | null, attack: Facts['attack']): Facts => ({
  products,
  impacts,
  component,
  attack,
  fixed_in: [],
  last_affected: [],
  fix_stated: false,
  exploit_public: false,
  aka: [],
});

describe('the title from the product facts a record without configuration is given', () => {
  it('names the part with its article and the product, and both of two short product names', () => {
    const cisco = factsOf([{ product: 'cisco:ios_xe', name: 'Cisco IOS XE', primary: true }], ['privilege_escalation'], 'CLI', {
      position: 'local',
      privileges: 'admin',
      user_interaction: false,
    });
    expect(
      factTitle(cisco, 'A vulnerability in the CLI of Cisco IOS XE Software could allow an authenticated, local attacker to elevate privileges to root.', [
        'CWE-754',
      ]),
    ).toBe('Error handling flaw in the CLI of Cisco IOS XE lets local administrators gain privileges');
    const apple = factsOf(
      [
        { product: 'apple:ipados', name: 'iPadOS', primary: true },
        { product: 'apple:iphone_os', name: 'iOS', primary: true },
      ],
      ['spoofing'],
      null,
      { position: null, privileges: null, user_interaction: true },
    );
    expect(
      factTitle(apple, 'This issue is fixed in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5. Processing an email may lead to user interface spoofing.', []),
    ).toBe('User interface spoofing in iPadOS and iOS');
  });

  it('leaves their neighbours as they were', () => {
    // a camel-case identifier is a name, taken without an article
    expect(placeWords('getObject', 'Foxit Reader')).toBe('getObject in Foxit Reader');
    // two long names are counted, not listed
    expect(
      productSubject(
        [
          { product: 'a:b', name: 'Acme Enterprise Widget Server', primary: true },
          { product: 'c:d', name: 'Contoso Remote Management Agent', primary: true },
        ],
        true,
      ).subject,
    ).toBe('Acme Enterprise Widget Server and 1 other product');
  });
});

describe('the part a description names', () => {
  it('a bare "method" is no part: the method of a request is its verb', () => {
    expect(
      describedComponent(
        'Using fuzzed network input, the http/2 request handling could be made to access freed memory in string comparison when determining the method of a request and thus process the request incorrectly.',
      ),
    ).toBeNull();
  });

  it('leaves their neighbours as they were', () => {
    expect(describedComponent('A use-after-free exists within the handling of the importTextData method of Foxit Reader.')).toBe('importTextData method');
  });
});

describe('the words for a gain', () => {
  const attack = { position: null, privileges: null, user_interaction: null } as const;
  it('requests tampered with are said as such', () => {
    expect(impactPhrase('data_tampering', 'Therefore, an attacker can tamper with the requests going to the backend APIs.', attack)).toBe(
      'tamper with requests or traffic they should not touch',
    );
  });
  it('leaves their neighbours as they were', () => {
    expect(impactPhrase('data_tampering', 'allows remote attackers to delete arbitrary files via tampered requests.', attack)).toBe(
      'change or delete data or files they should not touch',
    );
  });
});
