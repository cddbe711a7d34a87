/**
 * Fix facts and text, fourth round of issue 23's readings (two blind sets' misses): each rule on
 * the phrase or configuration shape that showed it, through the real parser and derivation, and
 * on the neighbour it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { derivedFixture, FIXTURE_NOW, nvdFixture, orNode } from '../support/nvd-fixtures.js';
import { deriveRecord } from '../../shared/ingest/derive/record.js';
import { describedVersions } from '../../shared/ingest/versions/description.js';

const cpe = (vendorProduct: string, version = '*', update = '*', part = 'a') => `cpe:2.3:${part}:${vendorProduct}:${version}:${update}:*:*:*:*:*:*`;
const fixesOf = (r: ReturnType<typeof derivedFixture>, product: string) =>
  r.facts!.fixed_in.filter((f) => f.product === product).map((f) => ({ version: f.version, branch: f.branch }));

describe("Juniper's '<line> versions prior to <fix>[, <fix>]' list", () => {
  const junos = (version: string, update: string) => ({ criteria: cpe('juniper:junos', version, update, 'o') });
  const configuration = orNode(junos('12.1x46', 'd76'), junos('12.3', 'r12'), junos('15.1', 'f6'), junos('15.1', 'r7'), junos('18.1', 'r2'));
  const description =
    'A vulnerability in BGP in Juniper Networks Junos OS allows an attacker to crash the routing protocol daemon. Affected releases are Juniper Networks Junos OS: 12.1X46 versions prior to 12.1X46-D81; 12.3 versions prior to 12.3R12-S12; 15.1 versions prior to 15.1F6-S12, 15.1R7-S2; 18.1 versions prior to 18.1R2-S3, 18.1R3.';

  it('reads every item as the fixes of the line it names, the listed ones included', () => {
    expect(describedVersions(description).fixed.map((f) => [f.version, f.line])).toEqual([
      ['12.1X46-D81', '12.1X46'],
      ['12.3R12-S12', '12.3'],
      ['15.1F6-S12', '15.1'],
      ['15.1R7-S2', '15.1'],
      ['18.1R2-S3', '18.1'],
      ['18.1R3', '18.1'],
    ]);
  });

  it('reads "versions 19.1 prior to 19.1R1-S5" the same way, and no line a fix does not lie on', () => {
    expect(describedVersions('Junos OS: versions 19.1 prior to 19.1R1-S5.').fixed.map((f) => [f.version, f.line])).toEqual([['19.1R1-S5', '19.1']]);
    expect(describedVersions('Acme Widget 1.2 versions before 1.3 allow remote attackers to read files.').fixed.map((f) => [f.version, f.line])).toEqual([
      ['1.3', undefined],
    ]);
  });

  it("gives each item's fixes to the product the list is about, however far the list runs from its name", () => {
    const r = derivedFixture(description, [configuration]);
    expect(fixesOf(r, 'juniper:junos')).toEqual(
      expect.arrayContaining([
        { version: '12.1X46-D81', branch: '12.1X46' },
        { version: '12.3R12-S12', branch: '12.3' },
        { version: '15.1F6-S12', branch: '15.1' },
        { version: '15.1R7-S2', branch: '15.1' },
        { version: '18.1R2-S3', branch: '18.1' },
        { version: '18.1R3', branch: '18.1' },
      ]),
    );
  });

  it('names the fixes in the text and never says the 18.1 line has no fix above its newest affected version', () => {
    const fix = derivedFixture(description, [configuration]).explanation!.fix;
    expect(fix).toContain('18.1R3');
    expect(fix).toContain('18.1R2-S3');
    expect(fix).toContain('the 12.1X46 line');
    expect(fix).not.toMatch(/18\.1 r2[^.]*no fixed version stated above/);
  });

  it('names every fix of a list longer than the text shows one by one, line by line', () => {
    const long = `${description.replace(/\.$/, '')}; 16.1 versions prior to 16.1R4-S12, 16.1R7-S1; 17.1 versions prior to 17.1R3.`;
    const fix = derivedFixture(long, [configuration]).explanation!.fix;
    for (const version of ['12.1X46-D81', '12.3R12-S12', '15.1F6-S12', '15.1R7-S2', '16.1R4-S12', '16.1R7-S1', '17.1R3', '18.1R2-S3', '18.1R3'])
      expect(fix).toContain(version);
    expect(fix).toMatch(/16\.1R7-S1 or 16\.1R4-S12 for the 16\.1\.x line/);
    expect(fix).not.toMatch(/more in this record's facts/);
  });

  it("gives each train's listed versions to that train's line, not to the release line it starts with", () => {
    const r = derivedFixture('Junos OS: 15.1 versions prior to 15.1R7-S2; 15.1X53 versions prior to 15.1X53-D495.', [
      orNode(junos('15.1', 'r7'), junos('15.1x53', 'd590'), junos('15.1x53', 'd230')),
    ]);
    expect(r.facts!.last_affected.map((l) => [l.version, l.branch])).toEqual([
      ['15.1 r7', '15.1'],
      ['15.1x53 d590', '15.1X53'],
    ]);
    expect(r.explanation!.fix).not.toMatch(/15\.1\.x line: NVD lists 15\.1x53/);
  });

  it('leaves an item that names another product to that product', () => {
    const r = derivedFixture(
      'Acme Widget allows remote attackers to read files. Affected: Acme Widget: 2.1 versions prior to 2.1.4; Acme Gadget 3.0 versions prior to 3.0.2.',
      [orNode({ criteria: cpe('acme:widget', '2.1.3') }, { criteria: cpe('acme:gadget', '3.0.1') })],
    );
    expect(fixesOf(r, 'acme:widget')).toEqual([{ version: '2.1.4', branch: '2.1' }]);
    expect(fixesOf(r, 'acme:gadget')).toEqual([{ version: '3.0.2', branch: '3.0' }]);
  });
});

describe("a configuration's open range beside the description's per-line fixes", () => {
  const ranges = orNode(
    { criteria: cpe('samba:samba'), versionStartIncluding: '4.5.0', versionEndExcluding: '4.5.7' },
    { criteria: cpe('samba:samba'), versionStartIncluding: '4.6.0', versionEndExcluding: '4.6.1' },
    { criteria: cpe('samba:samba'), versionEndExcluding: '4.4.12' },
  );

  it("gives the line whose described fix the configuration contradicts the configuration's fix, on that line", () => {
    const r = derivedFixture('Samba before versions 4.6.1, 4.5.7 and 4.4.11 are vulnerable to a malicious client using a symlink race.', [ranges]);
    expect(fixesOf(r, 'samba:samba')).toEqual([
      { version: '4.6.1', branch: '4.6' },
      { version: '4.5.7', branch: '4.5' },
      { version: '4.4.12', branch: '4.4' },
    ]);
    expect(r.explanation!.fix).toMatch(/4\.4\.12 for the 4\.4\.x line/);
  });

  it("still drops a configuration's fix below the description's fix of the same line", () => {
    const r = derivedFixture('Acme Widget before 4.4.13 and 4.5.x before 4.5.7 allows remote attackers to read files.', [
      orNode(
        { criteria: cpe('acme:widget'), versionEndExcluding: '4.4.12' },
        { criteria: cpe('acme:widget'), versionStartIncluding: '4.5.0', versionEndExcluding: '4.5.7' },
      ),
    ]);
    expect(fixesOf(r, 'acme:widget').map((f) => f.version)).not.toContain('4.4.12');
  });
});

describe("a Java release tail ('4.1.61.Final', '5.3.2.RELEASE')", () => {
  it('keeps the version as the record writes it, in the facts and the text', () => {
    const r = derivedFixture('In Netty (io.netty:netty-codec-http2) before version 4.1.61.Final there is a vulnerability that enables request smuggling.', [
      orNode({ criteria: cpe('netty:netty'), versionEndExcluding: '4.1.61' }),
    ]);
    expect(fixesOf(r, 'netty:netty')).toEqual([{ version: '4.1.61.Final', branch: null }]);
    expect(r.explanation!.fix).toContain('4.1.61.Final');
    expect(describedVersions('Spring Framework before 5.3.2.RELEASE allows it.').fixed.map((f) => f.version)).toEqual(['5.3.2.RELEASE']);
  });

  it('reads no tail from a word that only starts like one', () => {
    expect(describedVersions('Acme Widget before 1.2.gamma allows it.').fixed.map((f) => f.version)).toEqual(['1.2']);
  });
});

describe('"the following vulnerability has been resolved" with the fix commits linked', () => {
  const kernelText =
    'In the Linux kernel, the following vulnerability has been resolved: ksmbd: fix r_count dec/increment mismatch. r_count is only increased when there is an oplock break wait.';
  const commits = [
    { url: 'https://git.kernel.org/stable/c/20378cf48359f39dee0ef9b61470ebe77bd49c0d', tags: [] },
    { url: 'https://git.kernel.org/stable/c/457db486203c90e10c3efc87fd45cc7000b1cd36', tags: [] },
  ];
  const derived = (description: string, references: { url: string; tags: string[] }[]) => {
    const nvd = nvdFixture(description, [], references);
    return deriveRecord({ id: nvd.id, nvd, exploits: new Set(), detections: new Set(), cweCatalogue: new Map() }, FIXTURE_NOW)!;
  };

  it('states a fix, and the text points at the commits rather than saying none is listed', () => {
    const r = derived(kernelText, commits);
    expect(r.facts!.fix_stated).toBe(true);
    expect(r.explanation!.fix).not.toMatch(/No fixed version or patch is listed/);
    expect(r.explanation!.fix).toMatch(/commits that fix it are linked in the references \(git\.kernel\.org\)/);
  });

  it('states none where the flaw is only found, not resolved', () => {
    const r = derived('In Acme Widget, a vulnerability has been found in the parser: a crafted file crashes it.', []);
    expect(r.facts!.fix_stated).toBe(false);
  });
});

describe("a product the record does not list, named in the list of another's fixes", () => {
  const wincvs = orNode({ criteria: cpe('march-hare:wincvs'), versionStartIncluding: '1.0', versionEndExcluding: '2.8.01' });
  const description = 'March Hare WINCVS before 2.8.01 build 6610, and CVS Suite before 2009R2 build 6610, contains an Insecure Library Loading vulnerability.';

  it("reads a year's release with its build ('2009R2 build 6610')", () => {
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['2.8.01 build 6610', '2009R2 build 6610']);
  });

  it('gives its fix to no product key made up from its name: a fix names only a product the record lists as vulnerable', () => {
    const r = derivedFixture(description, [wincvs]);
    expect(fixesOf(r, 'march-hare:wincvs').map((f) => f.version)).toEqual(['2.8.01 build 6610']);
    expect(r.facts!.fixed_in.map((f) => f.product)).toEqual(['march-hare:wincvs']);
    expect(r.explanation!.fix).not.toMatch(/CVS Suite to version/);
  });

  it('reads no product from a name followed by lower-case words', () => {
    const r = derivedFixture('March Hare WINCVS before 2.8.01, and the Acme installer before 2.9 allow it.', [wincvs]);
    expect(r.facts!.fixed_in.map((f) => f.product)).toEqual(['march-hare:wincvs']);
  });
});

describe('a version the sentence names before its verb, above the configuration’s newest affected one', () => {
  it('wins as the newest affected version ("firmware 1.0.4.50 and 1.0.4.80 allows" beside a listed 1.0.4.50)', () => {
    const r = derivedFixture(
      'Directory traversal vulnerability in the web server in Philips Electronics VOIP841 DECT Phone with firmware 1.0.4.50 and 1.0.4.80 allows remote authenticated users to read arbitrary files.',
      [
        orNode(
          { criteria: cpe('philips_electronics:voip841_dect_phone', '1.0.4.48', '*', 'h') },
          { criteria: cpe('philips_electronics:voip841_dect_phone', '1.0.4.50', '*', 'h') },
        ),
      ],
    );
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['1.0.4.80']);
    expect(r.explanation!.fix).toContain('1.0.4.80');
    expect(r.explanation!.fix).not.toContain('1.0.4.50');
  });

  it('wins for one version too ("Virtual Appliance 2.2.1 generates" beside a listed 2.1.1)', () => {
    const r = derivedFixture(
      'IBM Security Privileged Identity Manager Virtual Appliance 2.2.1 generates an error message that includes sensitive information.',
      [orNode({ criteria: cpe('ibm:security_privileged_identity_manager', '2.1.1') })],
    );
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['2.2.1']);
    expect(r.explanation!.fix).toMatch(/2\.2\.1[^.]*update past it/);
    expect(r.explanation!.affected).toMatch(/description names version 2\.2\.1 of [^.]+ as affected too/);
  });

  it('leaves the configuration’s newest affected version where the described one is below it', () => {
    const r = derivedFixture('Acme Widget 2.0.1 allows remote attackers to read files.', [
      orNode({ criteria: cpe('acme:widget', '2.0.1') }, { criteria: cpe('acme:widget', '2.0.5') }),
    ]);
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['2.0.5']);
    expect(r.explanation!.affected).not.toMatch(/as affected too/);
  });

  it('wins for a product named in lower case after "in" ("in phpx 3.5.15 allows" beside NVD\'s through 3.5.9, CVE-2007-1549)', () => {
    const r = derivedFixture(
      'Unrestricted file upload vulnerability in gallery.php in phpx 3.5.15 allows remote attackers to upload and execute arbitrary PHP scripts via an addImage action.',
      [orNode({ criteria: cpe('phpx:phpx'), versionEndIncluding: '3.5.9' })],
    );
    expect(r.facts!.last_affected.map((l) => l.version)).toEqual(['3.5.15']);
    expect(r.explanation!.fix).not.toMatch(/3\.5\.9/);
    expect(describedVersions('SQL injection in index.php in the cms 1.2 allows remote attackers to run SQL.').affected).toEqual([]);
  });

  it('reads no affected version after "before"', () => {
    expect(describedVersions('Acme Widget before 2.3.1 allows remote attackers to read files.').affected).toEqual([]);
  });
});

describe('"update" as a noun\'s modifier or inside a quoted feature name', () => {
  const stated = (description: string) => derivedFixture(description).facts!.fix_stated;

  it('states no fix', () => {
    expect(stated('The specific flaw exists within the handling of update packages on USB drives. The issue results from the lack of verification.')).toBe(
      false,
    );
    expect(stated('Acme Router allows attackers to run code through the firmware update process.')).toBe(false);
    expect(stated('There is an out-of-bounds read in the "update dimension region\'s chunks" feature of the function gig::Region::UpdateChunks.')).toBe(false);
  });

  it('still states one where an update is available or applied', () => {
    expect(stated('Acme Widget allows remote attackers to read files. An update is available from the vendor.')).toBe(true);
    expect(stated('Users should apply the latest updates to Acme Widget.')).toBe(true);
  });
});

describe("a release track named alone after a statement ('Jenkins 2.499 and earlier, LTS 2.492.1 and earlier')", () => {
  const description =
    'Jenkins 2.499 and earlier, LTS 2.492.1 and earlier does not redact encrypted values of secrets when accessing config.xml of agents via REST API or CLI.';

  it("is the previous product's track, no product of its own", () => {
    const r = derivedFixture(description);
    expect(r.facts!.last_affected.map((l) => [l.product, l.version, l.branch])).toEqual([
      ['jenkins:jenkins', '2.499', null],
      ['jenkins:jenkins', '2.492.1', 'LTS'],
    ]);
    expect(r.explanation!.fix).toMatch(/2\.492\.1 for the LTS line/);
    expect(r.explanation!.fix).not.toMatch(/of LTS/);
    expect(r.explanation!.affected).toMatch(/2\.492\.1 on the LTS line/);
  });

  it('is the listed product’s track too', () => {
    const r = derivedFixture(description, [orNode({ criteria: cpe('jenkins:jenkins'), versionEndIncluding: '2.499' })]);
    expect(r.facts!.last_affected.map((l) => l.product)).not.toContain('jenkins:lts');
  });
});

describe("'5.2.x before 5.2.0, before 5.0.0' beside a range tied to a distribution", () => {
  const onRhel = {
    operator: 'AND',
    nodes: [
      { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: cpe('tukaani:xz', '*', 'beta'), versionEndIncluding: '4.999.9' }] },
      {
        operator: 'OR',
        negate: false,
        cpeMatch: [
          { vulnerable: false, criteria: cpe('redhat:enterprise_linux', '5.0', '*', 'o') },
          { vulnerable: false, criteria: cpe('redhat:enterprise_linux', '6.0', '*', 'o') },
        ],
      },
    ],
  };
  const description = 'scripts/xzgrep.in in xzgrep 5.2.x before 5.2.0, before 5.0.0 does not properly process file names containing semicolons.';

  it("keeps the unlined fix unlined, the older releases' fix, and gives the range no distribution as platform", () => {
    const r = derivedFixture(description, [onRhel]);
    expect(fixesOf(r, 'tukaani:xz')).toEqual([
      { version: '5.2.0', branch: '5.2' },
      { version: '5.0.0', branch: null },
    ]);
    expect(r.facts!.last_affected.map((l) => l.platform)).toEqual([null]);
  });

  it('never says the newest affected version has no fix above it, nor calls 5.0.0 the fix of a 5.0.x line', () => {
    const fix = derivedFixture(description, [onRhel]).explanation!.fix;
    expect(fix).toMatch(/5\.0\.0 for older releases/);
    expect(fix).not.toMatch(/5\.0\.x line/);
    expect(fix).not.toMatch(/no fixed version stated above/);
  });

  it('still gives each of several unlined fixes its line ("before 4.6.1, 4.5.7")', () => {
    const r = derivedFixture('Acme Widget before versions 4.6.1 and 4.5.7 allows remote attackers to read files.');
    expect(r.facts!.fixed_in.map((f) => f.branch)).toEqual(['4.6', '4.5']);
  });
});
