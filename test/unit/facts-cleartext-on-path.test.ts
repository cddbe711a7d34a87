/**
 * Data sent in cleartext is read on its path: where the description names no attacker, NVD's
 * network vector makes the reader an on-path one, never "anyone who can reach it over the
 * network" (CVE-2000-0220's ZoneAlarm, found reading twenty records).
 */
import { describe, expect, it } from 'vitest';
import { attackFactsOf } from '../support/nvd-fixtures.js';
import { parseNvdCve } from '../../shared/ingest/sources/nvd.js';

const vector = (av: 'N' | 'A') => ({
  cvssMetricV2: [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '2.0', vectorString: `AV:${av}/AC:L/Au:N/C:P/I:N/A:N`, baseScore: 5 } }],
});
const factsOf = (description: string, av: 'N' | 'A' = 'N') => {
  const nvd = parseNvdCve({
    id: 'CVE-2000-0220',
    sourceIdentifier: 'cve@mitre.org',
    published: '2000-03-01T05:00:00.000',
    lastModified: '2008-09-10T19:03:00.000',
    vulnStatus: 'Modified',
    descriptions: [{ lang: 'en', value: description }],
    metrics: vector(av),
  })!;
  return attackFactsOf(nvd, description);
};

describe('data sent in cleartext', () => {
  it('is read by an on-path attacker where the description names none', () => {
    const read = factsOf(
      'ZoneAlarm sends sensitive system and network information in cleartext to the Zone Labs server if a user requests more information about an event.',
    );
    expect(read.attack.position).toBe('man_in_the_middle');
    expect(read.provenance['facts.attack.position']).toMatch(/sent in cleartext/);
    expect(factsOf('ONTAP Select Deploy administration utility versions 2.2 through 2.12.1 transmit credentials in plaintext.').attack.position).toBe(
      'man_in_the_middle',
    );
  });

  it('keeps the attacker the description names, an adjacent vector, and data stored in cleartext', () => {
    expect(
      factsOf(
        'DameWare Mini Remote Control 3.x before 3.74 transmits the Blowfish encryption key in plaintext, which allows remote attackers to gain sensitive information.',
      ).attack.position,
    ).toBe('remote');
    expect(factsOf('communications between the pump and wireless accessories are transmitted in cleartext.', 'A').attack.position).toBe('adjacent');
    expect(factsOf('The product stores passwords in plaintext in its configuration file.').attack.position).toBe('remote');
  });
});

describe('code or data fetched over plain HTTP', () => {
  it('is swapped by an on-path attacker ("resolving dependencies over HTTP instead of HTTPS … could have been MITM")', () => {
    const buildship =
      'In Eclipse Buildship versions prior to 3.1.1, the build files indicate that this project is resolving dependencies over HTTP instead of HTTPS. Any of these artifacts could have been MITM to maliciously compromise them and infect the build artifacts that were produced.';
    expect(factsOf(buildship).attack.position).toBe('man_in_the_middle');
    expect(
      factsOf('In the spam rule update function, updates are downloaded over HTTP, including scripts which are subsequently executed with root privileges.')
        .attack.position,
    ).toBe('man_in_the_middle');
  });

  it('leaves a malicious server, a denied download, requests made over HTTP or HTTPS, and HTTP/2 alone', () => {
    expect(
      factsOf(
        'pacman before 5.1.3 allows directory traversal. A malicious server (or a network MitM if downloading over HTTP) can send a Content-Disposition header to make pacman place a file anywhere.',
      ).attack.position,
    ).toBe('remote');
    expect(factsOf('NOTE: the vendor states that users were not resolving dependencies over cleartext HTTP.').attack.position).toBe('remote');
    expect(factsOf('If a remote server sends a certain response header over HTTP or HTTPS, there is a denial of service.').attack.position).toBe('remote');
    expect(factsOf('Flow control handling by the browser over HTTP/2 may cause overhead or a denial of service in the server.').attack.position).toBe('remote');
  });
});
