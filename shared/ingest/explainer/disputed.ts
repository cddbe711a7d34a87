/**
 * NVD's "** DISPUTED **" label: the record's own note says someone (most often the vendor) does
 * not accept the report. A reader deciding whether to act needs that as much as the gain, so the
 * summary says it, naming who disputes it where the note does.
 */
const DISPUTED = /^\s*\*\*\s*DISPUTED\s*\*\*/i;
const NOTE = /\bNOTE:(.*)$/is;

/** Older records say it in their note alone ("NOTE: this issue has been disputed by the vendor."). */
const DISPUTED_NOTE = /\b(?:has been|have been|is|was|are) disputed\b|\bdisputes (?:this|these|that|the (?:issue|report|vulnerability|finding|claim)s?)\b/i;

export function disputedRecordSentence(description: string): string | undefined {
  const note = NOTE.exec(description)?.[1] ?? '';
  if (!DISPUTED.test(description) && !DISPUTED_NOTE.test(note)) return undefined;
  const who = /\bvendor/i.test(note)
    ? 'the vendor questions'
    : /\b(?:maintainers?|developers?|authors?|upstream)\b/i.test(note)
      ? 'the maintainers question'
      : /\bthird[- ]part(?:y|ies)\b/i.test(note)
        ? 'others question'
        : 'its note questions';
  return `The record is marked disputed: ${who} whether this is a real vulnerability.`;
}
