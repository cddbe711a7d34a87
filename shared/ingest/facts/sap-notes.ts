/**
 * SAP fixes a flaw by a Security Note ("aka SAP Security Note 2121661", "SAP Security Notes
 * 2206793 and 2234918"): the note is the correction to apply, as a Microsoft bulletin is the
 * update. The description naming one states a fix (§9 `fix_stated`), and the fix text names it.
 */
const SAP_NOTES = /\bSAP\s+(?:Security\s+)?Notes?\s+(?<list>\d{6,8}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)\d{6,8})*)/gi;

/** The SAP Security Note numbers the description names, in order, each once. */
export function sapNotes(description: string): string[] {
  const out: string[] = [];
  for (const match of description.matchAll(SAP_NOTES)) for (const note of match.groups!.list!.match(/\d{6,8}/g) ?? []) if (!out.includes(note)) out.push(note);
  return out;
}
