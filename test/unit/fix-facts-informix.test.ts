/**
 * Informix's fix packs ("before 9.40.xC7 and 10.00 before 10.00.xC3", CVE-2006-3861, the h40
 * blind set): each is the fix of its release line, and the CPE's "10.0.xc1" is on the
 * description's 10.00 line, so no line is said to lack a fix.
 */
import { describe, expect, it } from 'vitest';
import { describedVersions } from '../../shared/ingest/versions/description.js';
import { derivedFixture, orNode } from '../support/nvd-fixtures.js';

const description =
  'IBM Informix Dynamic Server (IDS) before 9.40.xC7 and 10.00 before 10.00.xC3 does not use database creation permissions, which allows remote authenticated users to create arbitrary databases.';

describe('Informix fix packs', () => {
  it('reads "9.40.xC7" and "10.00.TC3" as versions', () => {
    expect(describedVersions(description).fixed.map((f) => f.version)).toEqual(['9.40.xC7', '10.00.xC3']);
    expect(
      describedVersions('Buffer overflow in IBM Informix Dynamic Server (IDS) before 9.40.TC7 allows attackers to run code.').fixed.map((f) => f.version),
    ).toEqual(['9.40.TC7']);
  });

  it('leaves a line named with an x alone ("9.40.x before 9.40.5")', () => {
    expect(describedVersions('Acme 9.40.x before 9.40.5 allows attackers to read files.').fixed.map((f) => f.version)).toEqual(['9.40.5']);
  });

  it('names each line’s fix, and no line without one', () => {
    const informix = (version: string) => ({ criteria: `cpe:2.3:a:ibm:informix_dynamic_server:${version}:*:*:*:*:*:*:*` });
    const r = derivedFixture(description, [orNode(informix('9.40.xc5'), informix('10.0'), informix('10.0.xc1'))]);
    expect(r.facts!.fixed_in.map((f) => `${f.version} (${f.branch})`)).toEqual(['9.40.xC7 (9.40)', '10.00.xC3 (10.00)']);
    expect(r.explanation!.fix).toContain('10.00.xC3 for the 10.00.x line and 9.40.xC7 for the 9.40.x line');
    expect(r.explanation!.fix).not.toContain('No fixed version is stated');
  });
});
