/**
 * Readings of the twenty-fifth session (the h51 blind set and the nineteenth reading of twenty random records), each
 * beside a neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedAttack } from '../../shared/ingest/facts/attacker.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

describe('Red Hat\'s "The highest threat from this vulnerability is to …" (110 records; mbsync CVE-2021-20247)', () => {
  it('names each property it lists as a gain', () => {
    expect(
      describedImpacts(
        "Validations of the mailbox names do not occur allowing a malicious server to use crafted mailbox names containing '..' path components to access data outside the designated mailbox. The highest threat from this vulnerability is to data confidentiality and integrity.",
      ),
    ).toEqual(['information_disclosure', 'data_tampering']);
    expect(describedImpacts('A flaw was found in ImageMagick in coders/jp2.c. The highest threat from this vulnerability is to system availability.')).toEqual([
      'denial_of_service',
    ]);
    expect(
      describedImpacts('A flaw was found in Foo. The highest threat from this vulnerability is to confidentiality, integrity, as well as system availability.'),
    ).toEqual(['information_disclosure', 'data_tampering', 'denial_of_service']);
  });

  it('leaves a threat named elsewhere, and a system that is no account', () => {
    expect(describedImpacts('The main threat is a crash of the daemon.')).toEqual(['denial_of_service']);
    // "as well as system availability" and "such as system logs" run nothing "as SYSTEM" (the base read privilege gain).
    expect(describedImpacts('Foo keeps information such as system logs in a world-readable place.')).toEqual([]);
    expect(describedImpacts('Foo lets local users run commands as SYSTEM.')).toEqual(['code_execution', 'privilege_escalation']);
  });
});

describe('JavaScript run in a browser: "arbitrary execution of JavaScript" (ELabftw CVE-2017-1000478, Gibbon, Mahara)', () => {
  it('is cross-site scripting, not code run on the system', () => {
    expect(
      describedImpacts(
        'ELabftw version 1.7.8 is vulnerable to stored cross-site scripting in the experiment infos component resulting in arbitrary execution of JavaScript and denial of service.',
      ),
    ).toEqual(['cross_site_scripting', 'denial_of_service']);
  });

  it('leaves "arbitrary code execution" and "arbitrary command execution"', () => {
    expect(describedImpacts('Foo 1.2 allows arbitrary code execution via a crafted request.')).toEqual(['code_execution']);
    expect(describedImpacts('The Bar router is affected by arbitrary command execution.')).toEqual(['code_execution']);
  });
});

describe('prototype pollution that states its effect (merge-deep CVE-2018-3722, the nineteenth reading)', () => {
  it("changes data on every object: data tampering, not the vector's three gains", () => {
    expect(
      describedImpacts(
        'merge-deep node module before 3.0.1 allows a malicious user to modify the prototype of "Object" via __proto__, causing the addition or modification of an existing property that will exist on all objects.',
      ),
    ).toEqual(['data_tampering']);
    expect(
      describedImpacts('cached-path-relative allows an attacker to inject properties on Object.prototype which are then inherited by all objects.'),
    ).toEqual(['data_tampering']);
  });

  it('leaves "is vulnerable to Prototype Pollution", which states no effect', () => {
    expect(describedImpacts('lodash is vulnerable to Prototype Pollution via the zipObjectDeep function.')).toEqual([]);
  });
});

describe('what a restriction forbids, done anyway (saned CVE-2003-0773, the h51 blind set)', () => {
  it('is a bypass', () => {
    expect(
      describedImpacts(
        'saned does not check the IP address of the connecting host, which allows remote attackers to use that call even if they are restricted in saned.conf.',
      ),
    ).toEqual(['security_bypass']);
    expect(describedImpacts('allows local users to shut down the grid service or gain access, even if access is denied.')).toEqual([
      'security_bypass',
      'denial_of_service',
    ]);
  });

  it('leaves "even if" that names no restriction, and a shutdown the user chooses', () => {
    expect(describedImpacts('The password is kept in memory even if the session is closed.')).toEqual([]);
    expect(describedImpacts('Data is lost when the user can shut down the computer normally.')).toEqual([]);
  });
});

describe("a browser plug-in's user loads the attacker's page (PTC Creo View CVE-2015-2061, the h51 blind set)", () => {
  it('needs a victim', () => {
    expect(
      describedAttack(
        'Heap-based buffer overflow in the browser plugin for PTC Creo View allows remote attackers to execute arbitrary code via vectors involving setting a large buffer to an unspecified attribute.',
      ).userInteraction,
    ).toBe(true);
  });

  it("leaves a server's own web interface", () => {
    expect(
      describedAttack('Buffer overflow in the web interface of Foo Server allows remote attackers to execute arbitrary code via a long URI.').userInteraction,
    ).not.toBe(true);
  });
});

describe('a broadcast storm (Lenovo ThinkServer TSM CVE-2016-8236, the nineteenth reading)', () => {
  it('comes from the same network segment', () => {
    expect(
      describedAttack(
        'Reset to default settings may occur in Lenovo ThinkServer TSM RD350, RD450, RD550, RD650, TD350 during a prolonged broadcast storm in TSM versions earlier than 3.77.',
      ).position,
    ).toBe('adjacent');
  });

  it('leaves a storm of requests from anywhere', () => {
    expect(describedAttack('allows remote attackers to cause a denial of service via a storm of HTTP requests.').position).toBe('remote');
  });
});

describe('the h52 blind set', () => {
  it('reads the gain of the second attacker of a numbered list after the first one\'s "via" clause (Linux CVE-2004-0814)', () => {
    expect(
      describedImpacts(
        'Multiple race conditions in the terminal layer in Linux 2.4.x, and 2.6.x before 2.6.9, allow (1) local users to obtain portions of kernel data via a TIOCSETD ioctl call to a terminal interface that is being accessed by another thread, or (2) remote attackers to cause a denial of service (panic) by switching from console to PPP line discipline.',
      ),
    ).toEqual(['information_disclosure', 'denial_of_service']);
    // A numbered list of vectors is one via clause still.
    expect(describedImpacts('Foo allows attackers to read files via (1) a long name or (2) a long value.')).toEqual(['information_disclosure']);
  });

  it('needs a victim where another user runs what the attacker planted (Nortel CVE-2007-1057), or a viewer opens a PostScript file (gv CVE-2004-1717)', () => {
    expect(
      describedAttack(
        'allows local users to exploit a race condition to replace a world-writable file in /tmp/NetClient and cause another user to execute arbitrary code when attempting to execute this client.',
      ).userInteraction,
    ).toBe(true);
    expect(
      describedAttack(
        'Multiple buffer overflows in the psscan function in ps.c for gv (ghostview) allow remote attackers to execute arbitrary code via a Postscript file with a long BoundingBox.',
      ).userInteraction,
    ).toBe(true);
  });

  it('leaves an attacker who runs code as another user by themselves, and a PostScript file a print server takes', () => {
    expect(describedAttack('allows local users to execute arbitrary code as another user via a crafted environment variable.').userInteraction).not.toBe(true);
    expect(
      describedAttack('The CUPS print server allows remote attackers to execute arbitrary code via a PostScript file in a print job.').userInteraction,
    ).not.toBe(true);
  });
});

describe('a clause read where a part\'s name stands (Icinga Director CVE-2025-23203, the twenty-three records whose part held "is")', () => {
  it('names no part', () => {
    expect(
      describedComponent(
        'A Security vulnerability has been found. To reproduce this vulnerability an authenticated user with permission to access the Director is required (plus api access with regard to the api endpoints).',
        [{ vendor: 'icinga', product: 'director' }],
      ) ?? '',
    ).not.toContain('required');
    expect(
      describedComponent(
        "The MF910S product's one-click upgrade tool can obtain the Telnet remote login password, resulting in information leakage. The MF910S was end of service on October 23, 2019.",
      ),
    ).toBeNull();
  });

  it('leaves a relative clause and names with the word in them', () => {
    expect(describedComponent('A vulnerability in the ASA restore functionality that is available in Cisco ASA could allow attackers to run commands.')).toBe(
      'ASA restore functionality that is available',
    );
    expect(describedComponent('The is-my-json-valid JavaScript library is vulnerable to a denial of service.')).toBe('is-my-json-valid JavaScript library');
  });
});

describe('the twentieth reading', () => {
  it('reads "may lead to arbitrary writing of secure memory" as memory changed (Qualcomm CVE-2015-9198)', () => {
    expect(describedImpacts('integer underflow vulnerability in function qsee_register_log_buff may lead to arbitrary writing of secure memory.')).toEqual([
      'data_tampering',
    ]);
    expect(describedImpacts('A use-after-free leading to an arbitrary memory write.')).toEqual(['data_tampering']);
  });

  it('leaves an "Arbitrary Write vulnerability" that states no result of its own', () => {
    expect(describedImpacts('Foo has an Arbitrary Write vulnerability because of a missing check.')).toEqual([]);
  });

  it('reads an attacker who logs in with an administrative account as an administrator (ELECOM UD-LT2 CVE-2025-20617)', () => {
    expect(
      describedAttack(
        'If an attacker logs in to the affected product with an administrative account and manipulates requests for a certain screen operation, an arbitrary OS command may be executed.',
      ).privileges,
    ).toBe('admin');
  });

  it('leaves a victim who logs in to an account of their own', () => {
    expect(describedAttack('If a user logs in to the affected product, the session cookie is sent in cleartext.').privileges).not.toBe('admin');
  });
});

describe('a device left "in an unstable state" (SonicOS CVE-2019-7474, the twentieth reading)', () => {
  it('is a denial of service', () => {
    expect(describedImpacts('allows an authenticated read-only admin to leave the firewall in an unstable state by downloading the certificate.')).toEqual([
      'denial_of_service',
    ]);
  });

  it('leaves files left in an unstable state by an interrupted installer', () => {
    expect(describedImpacts('The installer leaves files in an unstable state when interrupted.')).toEqual([]);
  });
});

describe('Apple\'s "The issue involves the "WebKit" component" (719 records; CVE-2016-4677, the twentieth reading)', () => {
  const apple = (component: string) =>
    `An issue was discovered in certain Apple products. iOS before 10.1 is affected. Safari before 10.0.1 is affected. The issue involves the "${component}" component. It allows remote attackers to execute arbitrary code via a crafted web site.`;

  it('names the component, which the title then says with its article', () => {
    expect(describedComponent(apple('WebKit'), [{ vendor: 'apple', product: 'safari' }])).toBe('WebKit component');
    const record = derivedFixture(
      'An issue was discovered in certain Apple products. macOS before 10.13.1 is affected. The issue involves the "IOKit" component. It allows attackers to execute arbitrary code in a privileged context via a crafted app.',
      [orNode({ criteria: 'cpe:2.3:o:apple:mac_os_x:*:*:*:*:*:*:*:*', versionEndExcluding: '10.13.1' })],
    );
    expect(record.title).toContain('in the IOKit component');
  });

  it('leaves a "component" that is the product itself (Safari\'s "Safari" component)', () => {
    expect(describedComponent(apple('Safari'), [{ vendor: 'apple', product: 'safari' }])).toBeNull();
  });
});

describe('"resulting in disclosure of" whatever is disclosed (OpenFGA CVE-2022-39340, the h52 blind set)', () => {
  it('is information disclosure', () => {
    expect(
      describedImpacts('the `streamed-list-objects` endpoint was not validating the authorization header, resulting in disclosure of objects in the store.'),
    ).toEqual(['information_disclosure']);
  });

  it('leaves a disclosure the fix prevents', () => {
    expect(describedImpacts('Version 2.0 adds checks against the disclosure of objects.')).toEqual([]);
  });
});

describe('the final reading of twenty records', () => {
  it('reads no disclosure out of a file feature exposed (Barco "is exposing a license file upload mechanism", CVE-2022-26977)', () => {
    expect(
      describedImpacts(
        'Barco Control Room Management Suite web application is exposing a license file upload mechanism. Lack of input sanitization of the upload mechanism is leads to stored XSS.',
      ),
    ).toEqual(['cross_site_scripting']);
  });

  it('leaves files exposed', () => {
    expect(describedImpacts('The server exposes configuration files to remote users.')).toEqual(['information_disclosure']);
  });
});
