/**
 * Phrases the h39 blind annotation (64 records of 2002–2025) found misread in what an attacker
 * gains: each rule is checked on its phrase, and on the neighbouring phrase it must leave alone.
 */
import { describe, expect, it } from 'vitest';
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
    // access to some other system is still getting past its access control
    expect(describedImpacts('could allow an attacker to gain access to the affected device.')).toEqual(['security_bypass']);
  });
});
