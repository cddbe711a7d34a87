/**
 * A description that opens with its NOTE ("NOTE: this issue has been disputed by the vendor.
 * Cross-site scripting (XSS) vulnerability in …"): the statement after the note is read, and the
 * summary says the record is disputed.
 */
import { describe, expect, it } from 'vitest';
import { disputedRecordSentence } from '../../shared/ingest/explainer/disputed.js';
import { proseOf, withoutNotes } from '../../shared/ingest/facts/prose.js';
import { describedImpacts } from '../../shared/ingest/facts/impacts.js';
import { derivedFixture } from '../support/nvd-fixtures.js';

const leading =
  'NOTE: this issue has been disputed by the vendor.  Cross-site scripting (XSS) vulnerability in calendar.pl in CalendarScript 3.20 allows remote attackers to inject arbitrary web script or HTML via the template parameter, a different vulnerability than CVE-2005-1146';

describe('a leading NOTE', () => {
  it('drops the note sentence only, keeping the place of what follows', () => {
    expect(proseOf(leading)).toMatch(/^Cross-site scripting \(XSS\) vulnerability in calendar\.pl/);
    expect(withoutNotes(leading)).toHaveLength(leading.length);
    expect(describedImpacts(leading)).toEqual(['cross_site_scripting']);
  });

  it('still drops a trailing note with all that follows it', () => {
    expect(proseOf('X allows remote attackers to read files. NOTE: a third party says it allows code execution. More.')).toBe(
      'X allows remote attackers to read files.',
    );
  });

  it('says the record is disputed where only the note says so, and not where the note denies nothing', () => {
    expect(disputedRecordSentence(leading)).toMatch(/the vendor questions/);
    expect(disputedRecordSentence('X allows Y. NOTE: the vendor disputes nothing.')).toBeUndefined();
  });

  it('names the bug and the gain in the text', () => {
    const r = derivedFixture(leading);
    expect(r.title).toMatch(/^Cross-site scripting/);
    expect(r.explanation!.summary).toMatch(/disputed/);
    expect(r.facts!.impacts).toEqual(['cross_site_scripting']);
  });
});
