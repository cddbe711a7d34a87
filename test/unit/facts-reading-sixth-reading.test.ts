/**
 * Gains and attackers that a sixth reading of twenty random records (s15, seed 141131) and the h41
 * blind set found unread: Samsung's "execute privileged action" (CVE-2021-25390), GitLab's "access
 * pipeline analytics" (CVE-2022-1105), INCIBE's "… and retrieve all the information stored in it"
 * after a by-clause (CVE-2024-33992), Apple's iframe sandbox (CVE-2021-1801) and kiosk mode
 * (CVE-2004-1085), VSCodeVim's crafted workspace (CVE-2021-28832) and MediaTek's "has already
 * obtained the System privilege" (CVE-2025-20671). Each beside the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import type { Facts } from '../../shared/domain/facts.js';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { impactShort } from '../../shared/ingest/explainer/fact-words.js';
import { factSummary } from '../../shared/ingest/explainer/summary.js';
import { factsFixture } from '../support/facts-fixture.js';

const PHOTOTABLE = 'Intent redirection vulnerability in PhotoTable prior to SMR MAY-2021 Release 1 allows attackers to execute privileged action.';
const MEDIATEK =
  'In thermal, there is a possible out of bounds write due to a race condition. This could lead to local escalation of privilege if a malicious actor has already obtained the System privilege. User interaction is not needed for exploitation.';

const summary = (description: string, attack: Facts['attack']) =>
  factSummary({
    facts: factsFixture({ impacts: describedImpacts(description), attack, products: [{ product: 'acme:widget', name: 'Acme Widget', primary: true }] }),
    description,
    cweIds: [],
    severity: 'It is rated medium: 4 out of 10.',
    inKev: false,
    exploitCode: false,
  });

describe('privileged actions the attacker gets done', () => {
  it('are a privilege gain, said as actions rather than rights on the machine', () => {
    expect(describedImpacts(PHOTOTABLE)).toEqual(['privilege_escalation']);
    const text = summary(PHOTOTABLE, { position: 'local', privileges: 'none', user_interaction: false });
    expect(text).toContain('can carry out privileged actions they are not allowed to.');
    expect(text).not.toContain('root or administrator');
  });

  it('run commands where the privileged things are commands', () => {
    expect(describedImpacts('could allow an authenticated user to execute privileged commands due to improper input neutralization.')).toEqual([
      'code_execution',
      'privilege_escalation',
    ]);
  });

  it('leave a forged request’s "perform unauthorized privileged actions" a bypass', () => {
    expect(describedImpacts('Acme Widget allows attackers to perform unauthorized privileged actions.')).toEqual(['security_bypass']);
  });
});

describe('figures the attacker gets to see', () => {
  it('reads "to access pipeline analytics" as a disclosure beside the bypass', () => {
    expect(
      describedImpacts(
        'An improper access control issue in GitLab CE/EE affecting all versions from 13.11 prior to 14.7.7 allows an unauthorized user to access pipeline analytics even when public pipelines are disabled',
      ),
    ).toEqual(['security_bypass', 'information_disclosure']);
  });

  it('leaves statistics a victim views in a stored script alone', () => {
    expect(
      describedImpacts(
        'Multiple Stored Cross-Site Scripting vulnerabilities allow remote attackers to inject arbitrary web scripts onto several pages that execute when site administrators view a sites statistics.',
      ),
    ).toEqual(['cross_site_scripting']);
  });
});

describe('a consequence that follows a by-clause with a bare verb', () => {
  it('reads "by sending a … query to the server and retrieve all the information" as a disclosure', () => {
    expect(
      describedImpacts(
        "An attacker could exploit this vulnerability by sending a specially crafted query to the server and retrieve all the information stored in it through the 'view' parameter in '/student/index.php'.",
      ),
    ).toEqual(['information_disclosure']);
  });

  it('leaves what is retrieved inside the vector ("by retrieving a crafted page") to the vector', () => {
    expect(describedImpacts('Acme Widget allows remote attackers to cause a denial of service by retrieving a crafted page.')).toEqual(['denial_of_service']);
  });
});

describe('restrictions the attacker gets past', () => {
  it('reads "violate iframe sandboxing policy" and "escape iframe sandbox" as a bypass', () => {
    expect(describedImpacts('Maliciously crafted web content may violate iframe sandboxing policy.')).toEqual(['security_bypass']);
    expect(describedImpacts('The intent URL scheme could have been misused to escape iframe sandbox.')).toEqual(['security_bypass']);
  });

  it('reads leaving kiosk mode as a bypass, the restriction named after the vector too', () => {
    expect(
      describedImpacts('HIToolbox allows local users to exit applications via the force-quit key combination, even when the system is running in kiosk mode.'),
    ).toEqual(['security_bypass']);
    expect(describedImpacts('An attacker could escape the WinCC Kiosk Mode by opening the printer dialog.')).toEqual(['security_bypass']);
  });

  it('leaves an application that exits by a crash a denial of service', () => {
    expect(describedImpacts('Acme Viewer allows remote attackers to cause a denial of service (application exit) via a crafted file.')).toEqual([
      'denial_of_service',
    ]);
  });
});

describe('who attacks', () => {
  it('needs the victim to open a crafted workspace', () => {
    expect(describedAttack('VSCodeVim before 1.19.0 allows attackers to execute arbitrary code via a crafted workspace configuration.').userInteraction).toBe(
      true,
    );
    expect(describedAttack('Acme Server allows remote attackers to execute arbitrary code via a crafted request.').userInteraction).toBe(false);
  });

  it('is an administrator who "has already obtained the System privilege", and the summary gives no root example', () => {
    expect(describedAttack(MEDIATEK).privileges).toBe('admin');
    const text = summary(MEDIATEK, { position: 'local', privileges: 'admin', user_interaction: false });
    expect(text).toContain('A local administrator of the machine can raise their privileges on the system.');
  });

  it('keeps a local user whose escalation names no precondition a user, with the example', () => {
    const description =
      'In thermal, there is a possible out of bounds write. This could lead to local escalation of privilege with User execution privileges needed.';
    expect(describedAttack(description).privileges).toBe('user');
    expect(summary(description, { position: 'local', privileges: 'user', user_interaction: false })).toContain('(for example to root or administrator)');
  });
});

describe('gains and attackers the h42 blind set found unread', () => {
  it('reads "add or delete information within an item" as data changed, never a denied one', () => {
    expect(
      describedImpacts(
        'admin/change.php in ProNews does not check whether a user is permitted to change news items, which allows remote attackers to add or delete information within an item, and possibly have other impacts.',
      ),
    ).toEqual(['data_tampering', 'unspecified']);
    expect(
      describedImpacts('Regular users can open the site-admin area. It is not possible to alter the information, nor interact with other features.'),
    ).toEqual([]);
  });

  it('reads code run "in the SYSTEM security context" as a privilege gain', () => {
    expect(
      describedImpacts(
        'A low privilege attacker could potentially exploit this vulnerability, leading to the execution of arbitrary code in the SYSTEM security context.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation']);
    expect(describedImpacts('A remote attacker could execute arbitrary code in the context of the current user.')).toEqual(['code_execution']);
  });

  it('reads "install applications without being authenticated" as a bypass', () => {
    expect(describedImpacts('An attacker could exploit this vulnerability to install applications without being authenticated.')).toEqual(['security_bypass']);
  });

  it('reads an app that may "retrieve Safari bookmarks" as a disclosure by a local attacker, not a bug-class name', () => {
    const description =
      'This issue was addressed with additional entitlement checks. An app may be able to retrieve Safari bookmarks without an entitlement check.';
    expect(describedImpacts(description)).toEqual(['information_disclosure']);
    expect(describedAttack(description).position).toBe('local');
    expect(describedImpacts('There is a SQL Injection vulnerability in View the task calendar.')).toEqual(['sql_injection']);
    expect(describedImpacts('Access of Memory Location After End of Buffer in radare2 prior to 5.6.2.')).toEqual([]);
  });

  it('places an attacker who sends 802.11 frames or association requests within radio range', () => {
    expect(
      describedAttack(
        'The Linksys WAP400N does not properly parse malformed 802.11 frames, which allows remote attackers to cause a denial of service (reboot) via a malformed association request.',
      ).position,
    ).toBe('adjacent');
    expect(describedAttack('Acme Router allows remote attackers to cause a denial of service via malformed HTTP requests.').position).toBe('remote');
  });
});

describe('the title’s words for a denial of service', () => {
  it('says "crash it" only where the record says the program comes down', () => {
    expect(impactShort('denial_of_service', 'allows remote attackers to cause a denial of service (daemon crash) via a long packet.')).toBe('crash it');
    expect(impactShort('denial_of_service', 'allows remote attackers to exhaust the player limit by joining the game multiple times.')).toBe('disrupt it');
    expect(impactShort('code_execution', 'allows remote attackers to execute arbitrary code.')).toBe('run code');
  });
});

describe('more of the h42 blind set’s gains', () => {
  it('reads "decrypt the passwords and gain access" as a disclosure and getting in', () => {
    expect(
      describedImpacts('FlashFXP 1.4 uses a weak encryption algorithm for user passwords, which allows attackers to decrypt the passwords and gain access.'),
    ).toEqual(['security_bypass', 'information_disclosure']);
    expect(describedImpacts('During login, the function EVP_DecryptUpdate is called to decrypt the username and password.')).toEqual([]);
  });

  it('reads "impacting the integrity, availability and confidentiality" as each property, and never a denied one', () => {
    expect(describedImpacts('A commenter can steal accounts, thus impacting the integrity, availability and confidentiality of a YesWiki instance.')).toContain(
      'denial_of_service',
    );
    expect(describedImpacts('If exploited, this issue would not impact the confidentiality, integrity, or availability of our products.')).toEqual([]);
  });

  it('reads "denial of service and more" as more than a denial of service', () => {
    expect(describedImpacts('curl contains a Heap-based Buffer Overflow vulnerability in denial of service and more.')).toEqual([
      'denial_of_service',
      'unspecified',
    ]);
    expect(describedImpacts('Acme allows remote attackers to cause a denial of service.')).toEqual(['denial_of_service']);
  });
});

describe('a client overflowed by what a server sends back (curl, CVE-2018-1000300)', () => {
  it('is attacked by a malicious server its user connects to', () => {
    const curl =
      'curl version curl 7.54.1 to and including curl 7.59.0 contains a CWE-122: Heap-based Buffer Overflow vulnerability in denial of service and more that can result in curl might overflow a heap based memory buffer when closing down an FTP connection with very long server command replies.';
    expect(describedAttack(curl).userInteraction).toBe(true);
    expect(impactShort('denial_of_service', curl)).toBe('disrupt it');
    expect(
      describedAttack('Buffer overflow in ByteCatcher FTP client 1.04b allows remote attackers to execute arbitrary code via a long FTP server banner.')
        .userInteraction,
    ).toBe(true);
  });

  it('leaves a server overflowed by a client’s long request alone', () => {
    expect(
      describedAttack('Buffer overflow in Acme FTP server allows remote attackers to execute arbitrary code via a long USER command.').userInteraction,
    ).toBe(false);
  });
});

describe('a malicious server the client connects to (CVE-2025-31246, h42)', () => {
  it('is a remote attacker with no account on the client', () => {
    expect(describedAttack('Connecting to a malicious AFP server may corrupt kernel memory.')).toEqual({
      position: 'remote',
      privileges: 'none',
      userInteraction: true,
    });
  });

  it('leaves one who intercepts the connection to pose as the server to the on-path reading', () => {
    expect(
      describedAttack('An attacker who is able to intercept HTTP connections will be able to fully compromise the device by creating a rogue HTTP server.')
        .position,
    ).not.toBe('remote');
  });
});

describe('a seventh reading of twenty records (s16, seed 141133)', () => {
  it('reads "does not require authentication" as no account needed (JBlog, CVE-2007-3974)', () => {
    expect(
      describedAttack(
        'admin/ajoutaut.php in JBlog 1.0 does not require authentication, which allows remote attackers to create arbitrary accounts via modified mot and droit parameters.',
      ).privileges,
    ).toBe('none');
    expect(describedAttack('The admin page requires authentication, which allows remote authenticated users to read the logs.').privileges).toBe('user');
  });

  it('reads a password reset for another user whose new password is calculated as getting in and a disclosure (DCForum, CVE-2002-0226)', () => {
    expect(
      describedImpacts(
        'retrieve_password.pl in DCForum 6.x and 2000 generates predictable new passwords based on a sessionID, which allows remote attackers to request a new password on behalf of another user and use the sessionID to calculate the new password for that user.',
      ),
    ).toEqual(['security_bypass', 'information_disclosure']);
  });

  it('reads what the attacker must already be able to do as no gain (Apache Sling, CVE-2022-45064)', () => {
    expect(
      describedImpacts(
        'The vulnerability is exploitable by an attacker that is able to include a resource with specific content-type and control the include path (i.e. writing content). The impact of a successful attack is privilege escalation to administrative power.',
      ),
    ).toEqual(['privilege_escalation']);
  });

  it('places an attacker of the kernel’s af_unix or a Unix domain socket on the machine, not one given a socket URL', () => {
    expect(
      describedAttack('In the Linux kernel, the following vulnerability has been resolved: af_unix: Update unix_sk(sk)->oob_skb under sk_receive_queue lock.')
        .position,
    ).toBe('local');
    expect(
      describedAttack('The plugin allows attackers with Overall/Read permission to connect to an attacker-specified TCP or Unix socket URL.').position,
    ).not.toBe('local');
  });
});

describe('an eighth reading of twenty records (s16, seed 141132)', () => {
  it('reads an email "shown … as having a valid digital signature" and a reused S/MIME signature as spoofing (Thunderbird, CVE-2018-18509)', () => {
    expect(
      describedImpacts(
        'A flaw during verification of certain S/MIME signatures causes emails to be shown in Thunderbird as having a valid digital signature, even if the shown message contents aren’t covered by the signature. The flaw allows an attacker to reuse a valid S/MIME signature to craft an email message with arbitrary content.',
      ),
    ).toEqual(['spoofing']);
  });

  it('reads "which leads to an invalid memory access" after a crash as its cause, not another harm (ENet, CVE-2006-1194)', () => {
    expect(
      describedImpacts(
        'Integer signedness error in ENet allows remote attackers to cause a denial of service (application crash) via a packet with a large command length value, which leads to an invalid memory access.',
      ),
    ).toEqual(['denial_of_service']);
    expect(
      describedImpacts('allows remote attackers to cause a denial of service (crash) or possibly have unspecified other impact via a crafted file.'),
    ).toEqual(['denial_of_service', 'unspecified']);
    expect(
      describedImpacts(
        'allows attacker to trigger out of bounds memory access via a crafted TIFF image file which could result in application crash or any other context-dependent impact.',
      ),
    ).toContain('unspecified');
  });

  it('places a remote attacker of Bluetooth within radio range, and leaves a local one local (BlueZ SDP, CVE-2017-1000250)', () => {
    expect(
      describedAttack(
        'All versions of the SDP server in BlueZ 5.46 and earlier are vulnerable to an information disclosure vulnerability which allows remote attackers to obtain sensitive information from the bluetoothd process memory.',
      ).position,
    ).toBe('adjacent');
    expect(
      describedAttack(
        'In Bluetooth, there is a possible permission bypass. This could lead to local escalation of privilege with no additional execution privileges needed.',
      ).position,
    ).toBe('local');
  });
});
