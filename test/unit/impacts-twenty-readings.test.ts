/**
 * Gains read from phrases found reading twenty random records beside their sources: a command
 * injection whose stated gain is operations on a database (Fortinet FortiClientEMS, CVE-2024-33508)
 * changes data and runs no code; a program that handles input as root (IRIX snoop, CVE-2003-0473)
 * gives the attacker no root. Each beside the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';

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
