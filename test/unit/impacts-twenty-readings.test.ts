/**
 * Gains read from phrases found reading twenty random records beside their sources: a command
 * injection whose stated gain is operations on a database (Fortinet FortiClientEMS, CVE-2024-33508)
 * changes data and runs no code; a program that handles input as root (IRIX snoop, CVE-2003-0473)
 * gives the attacker no root. Each beside the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedImpacts, namedWeaknessImpacts } from '../../shared/ingest/facts/impacts.js';
import { describedComponent } from '../../shared/ingest/facts/component.js';

describe('operations on the underlying database', () => {
  it('is data tampering, not code execution, beside the command-injection class', () => {
    expect(
      describedImpacts(
        "An improper neutralization of special elements used in a command ('Command Injection') vulnerability [CWE-77] in Fortinet FortiClientEMS 7.2.0 through 7.2.4 may allow an unauthenticated attacker to execute limited and temporary operations on the underlying database via crafted requests.",
      ),
    ).toEqual(['data_tampering']);
  });

  it('leaves a command injection that runs commands as code execution', () => {
    expect(describedImpacts('OS command injection in Acme Widget 1.2 allows remote attackers to execute arbitrary commands.')).toEqual(['code_execution']);
  });

  it('keeps code execution where the text states it beside the database operations', () => {
    expect(
      describedImpacts('Command injection in Acme Widget allows attackers to perform operations on the database and execute arbitrary code on the server.'),
    ).toContain('code_execution');
  });
});

describe('a program that handles input as root (IRIX snoop, CVE-2003-0473, found reading twenty random records)', () => {
  it('gives the attacker no root: the implications are unknown', () => {
    expect(
      describedImpacts(
        'Unknown vulnerability in the IPv6 capability in IRIX 6.5.19 causes snoop to process packets as the root user, with unknown implications.',
      ),
    ).toEqual(['unspecified']);
  });

  it('leaves commands the attacker runs as root a privilege gain', () => {
    expect(describedImpacts('A flaw in Acme allows local users to execute commands as the root user.')).toContain('privilege_escalation');
  });
});

describe('obtaining access to services (TripleO, CVE-2015-5329, found reading twenty random records)', () => {
  it('is a security bypass, stated, so the CVSS fields are not the impacts', () => {
    expect(
      describedImpacts(
        'The TripleO Heat templates do not properly use the configured RabbitMQ credentials, which makes it easier for remote attackers to obtain access to services in deployed overclouds by leveraging knowledge of the default credentials.',
      ),
    ).toEqual(['security_bypass']);
  });

  it('leaves access to files an information leak', () => {
    expect(describedImpacts('The flaw allows attackers to gain access to sensitive files.')).toEqual(['information_disclosure']);
  });
});

describe('DLL hijacking (Node.js, CVE-2022-32223, the h40 blind set)', () => {
  const description = 'Node.js is vulnerable to Hijack Execution Flow: DLL Hijacking under certain conditions on Windows platforms.';

  it('is code running where no other gain is stated', () => {
    expect(describedImpacts(description)).toEqual([]);
    expect(namedWeaknessImpacts(description)).toEqual(['code_execution']);
  });

  it('names no file "Node.js": the product’s name ends like a file’s, and a real file stays', () => {
    expect(describedComponent(description, [{ vendor: 'nodejs', product: 'node.js' }])).toBeNull();
    expect(describedComponent('The util.js file in Node.js allows attackers to crash it.', [{ vendor: 'nodejs', product: 'node.js' }])).toBe('util.js');
  });
});

describe("an account made with the administrators' rights, and a shell the attacker gets", () => {
  it('reads "registered with the super administrators GroupID" as a privilege gain (ASPCMS, CVE-2018-15888, h40)', () => {
    expect(
      describedImpacts(
        'When registering ordinary users in the addUser function of the /member/reg.asp page, they can be registered with the super administrators GroupID directly.',
      ),
    ).toEqual(['privilege_escalation']);
  });

  it('leaves registering an ordinary account alone', () => {
    expect(describedImpacts('The page allows visitors to register with a user account.')).toEqual([]);
  });

  it('reads "create a reverse shell with administrator privileges" as code running, with the privileges', () => {
    expect(
      describedImpacts(
        'Deserialization of untrusted data allows a remote authenticated attacker to create a reverse shell with administrator privileges on the DBSec server.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation']);
  });
});

describe('gains the h41 blind set found unread', () => {
  it('reads "get a list of valid credentials IDs" as a disclosure (Jenkins, CVE-2017-1000094)', () => {
    expect(
      describedImpacts('This functionality did not check permissions, allowing any user with Overall/Read permission to get a list of valid credentials IDs.'),
    ).toContain('information_disclosure');
  });

  it('reads injected commands "executed with unnecessary higher privileges" as code running with a privilege gain (IBM Tivoli, CVE-2016-0396)', () => {
    expect(
      describedImpacts(
        'IBM Tivoli Endpoint Manager could allow a user under special circumstances to inject commands that would be executed with unnecessary higher privileges than expected.',
      ),
    ).toEqual(['code_execution', 'privilege_escalation']);
  });

  it('leaves a list the attacker sends alone', () => {
    expect(describedImpacts('Acme allows remote attackers to cause a denial of service via a long list of headers.')).toEqual(['denial_of_service']);
  });
});

describe('a quoted label of a code branch (GraphicsMagick, CVE-2017-13777, the tenth reading)', () => {
  it('is where the bug is, not a read the attacker makes', () => {
    expect(
      describedImpacts(
        'GraphicsMagick 1.3.26 has a denial of service issue in ReadXBMImage() in a coders/xbm.c "Read hex image data" version==10 case that results in the reader not returning; it would cause large amounts of CPU and memory consumption although the crafted file itself does not request it.',
      ),
    ).toEqual(['denial_of_service']);
  });

  it('leaves a quoted name that is no branch of code alone', () => {
    expect(describedImpacts('Acme allows remote attackers to read arbitrary files via the "Export data" page.')).toEqual(['information_disclosure']);
  });
});
