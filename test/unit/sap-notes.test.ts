/** SAP's Security Notes are its fixes: a description naming one states a fix, and the fix text names the note. */
import { describe, expect, it } from 'vitest';
import { sapNotes } from '../../shared/ingest/facts/sap-notes.js';
import { derivedFixture } from '../support/nvd-fixtures.js';

describe('SAP Security Notes', () => {
  it.each([
    ['SAP ABAP & Java Server allows remote attackers to cause a denial of service via unspecified vectors, aka SAP Security Note 2121661.', ['2121661']],
    ['… allows remote attackers to read files, aka SAP Security Notes 2206793 and 2234918.', ['2206793', '2234918']],
    ['SAP NetWeaver 7.4 allows XSS, aka SAP Note 2191290, 2241978, and 2241978.', ['2191290', '2241978']],
    ['The SAP component in version 7.4 allows XSS via note 12.', []],
  ])('reads the notes of %j', (description, notes) => {
    expect(sapNotes(description)).toEqual(notes);
  });

  it('states a fix and names the note, never "no fixed version or patch is listed"', () => {
    const r = derivedFixture(
      'SAP ABAP & Java Server allows remote attackers to cause a denial of service via unspecified vectors, aka SAP Security Note 2121661.',
    );
    expect(r.facts!.fix_stated).toBe(true);
    expect(r.explanation!.fix).toContain('Apply SAP Security Note 2121661');
    expect(r.explanation!.fix).not.toMatch(/No fixed version or patch is listed/);
  });

  it('leaves a record without a note as it was', () => {
    const r = derivedFixture('SAP ABAP & Java Server allows remote attackers to cause a denial of service via unspecified vectors.');
    expect(r.facts!.fix_stated).toBe(false);
    expect(r.explanation!.fix).not.toMatch(/SAP Security Note/);
  });
});
