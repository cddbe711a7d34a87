/**
 * A sentence that denies a fix: Cisco's "Cisco has not released software updates that address these vulnerabilities"
 * (CVE-2021-1208, the twenty-sixth reading: the text said the record states a fix), GitHub's "As of time of
 * publication, no known patches are available".
 */
export const NO_FIX_SENTENCE =
  /[^.]*\b(?:has|have) not (?:yet )?(?:released|published|provided|issued|made available)\b[^.]*|[^.]*\bno (?:known )?(?:patch(?:es)?|fix(?:es)?|(?:software )?updates?|fixed versions?)\b[^.]*\b(?:available|released|exists?|provided)\b[^.]*/gi;

const DENIES_FIX = new RegExp(NO_FIX_SENTENCE.source, 'i');

/** The description says in so many words that no fix exists yet. */
export const deniesFix = (description: string) => DENIES_FIX.test(description);
