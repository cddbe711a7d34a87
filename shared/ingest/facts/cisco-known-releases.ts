/**
 * Cisco's older records end with the bug's release lists: "More Information: CSCuz03345. Known
 * Affected Releases: 2.6.0. Known Fixed Releases: 2.7.1.12." (107 records). The fixed list names a
 * release per train, interim builds among them ("12.0(0.98000.155)") and trains below an affected one
 * ("12.2(50)SE4" beside an affected 15.2(3)E), so it is no per-product fix to check against NVD's
 * ranges: the fix text names it as Cisco's list, and a fix is stated.
 */
const KNOWN_FIXED = /\bKnown Fixed Releases?:\s*(?<list>[^\s.][^\n]*?)(?:\.\s*$|\.\s+(?=[A-Z])|$)/;

/** The releases Cisco's "Known Fixed Releases:" list names, as written, each once. */
export function ciscoKnownFixedReleases(description: string): string[] {
  const list = KNOWN_FIXED.exec(description.replace(/\s+/g, ' ').trim())?.groups?.list ?? '';
  // Written with commas and an "and" at times ("5.3(5g)1, and 6.2(2.32)").
  return [...new Set(list.split(/[\s,]+/).filter((r) => /\d/.test(r) && !/^and$/i.test(r)))];
}
