/**
 * Gains a description states only with other flaws. Zero Day Initiative's template closes a
 * disclosure with "An attacker can leverage this in conjunction with other vulnerabilities to
 * execute arbitrary code in the context of the current process" (CVE-2023-39487): §9 counts the
 * code execution, since the record states it, but this flaw alone does not give it, and a summary
 * that says "can run their own code" beside the disclosure says more than the record does.
 */
import type { Impact } from '../../domain/facts.js';
import { describedImpacts } from './impacts.js';

const WITH_OTHER_FLAWS =
  /\b(?:in conjunction|in combination|combined|chained|together|used) with (?:\w+ ){0,2}?(?:other|another|additional|further|a separate|more) (?:\w+ )?(?:vulnerabilit(?:y|ies|ites)|issues?|bugs?|flaws?|weakness(?:es)?|exploits?)\b/i;

/** Sentences end at a stop before a capital: "9.4.364.0" and "e.g." stay inside theirs. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z])/;

/** The stated impacts that only the sentences about other flaws state; empty where none does. */
export function impactsOnlyWithOtherFlaws(description: string): ReadonlySet<Impact> {
  if (!WITH_OTHER_FLAWS.test(description)) return new Set();
  const sentences = description.split(SENTENCE_BREAK);
  const alone = sentences.filter((sentence) => !WITH_OTHER_FLAWS.test(sentence)).join(' ');
  const statedAlone = new Set(describedImpacts(alone));
  return new Set(describedImpacts(description).filter((impact) => !statedAlone.has(impact)));
}
