/**
 * NVD's "** DISPUTED **" label: the record's own note says someone (most often the vendor) does
 * not accept the report. A reader deciding whether to act needs that as much as the gain, so the
 * summary says it, naming who disputes it where the note does.
 */
const DISPUTED = /^\s*\*\*\s*DISPUTED\s*\*\*/i;
const NOTE = /\bNOTE:(.*)$/is;

export function disputedRecordSentence(description: string): string | undefined {
  if (!DISPUTED.test(description)) return undefined;
  const note = NOTE.exec(description)?.[1] ?? '';
  const who = /\bvendor/i.test(note)
    ? 'the vendor questions'
    : /\b(?:maintainers?|developers?|authors?|upstream)\b/i.test(note)
      ? 'the maintainers question'
      : /\bthird[- ]part(?:y|ies)\b/i.test(note)
        ? 'others question'
        : 'its note questions';
  return `The record is marked disputed: ${who} whether this is a real vulnerability.`;
}
