/**
 * Flesch-Kincaid grade level (`flesch-kincaid`, syllables by `syllable`): how the explainer's
 * summaries compare with the original descriptions. Sentences end at . ! ? followed by a space
 * or the end; words are runs of letters and digits (version numbers count as one word).
 */
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';

/**
 * `syllable` is pure and costly (regular expressions per word); the real-data suite counts tens of
 * millions of words drawn from a far smaller vocabulary, so each word is counted once.
 */
const syllablesOfWord = new Map<string, number>();
function syllablesOf(word: string): number {
  let count = syllablesOfWord.get(word);
  if (count === undefined) {
    count = syllable(word);
    syllablesOfWord.set(word, count);
  }
  return count;
}

export function readabilityCounts(text: string): { sentence: number; word: number; syllable: number } {
  const words = text.match(/[A-Za-z0-9][A-Za-z0-9'’.-]*/g)?.map((w) => w.replace(/[.]+$/, '')) ?? [];
  const sentences = Math.max(1, (text.match(/[.!?]+(\s|$)/g) ?? []).length);
  let syllables = 0;
  for (const word of words) syllables += /^[A-Za-z'’-]+$/.test(word) ? Math.max(1, syllablesOf(word)) : 1;
  return { sentence: sentences, word: words.length, syllable: syllables };
}

/** US school grade; undefined for text with no words. */
export function gradeLevel(text: string): number | undefined {
  const counts = readabilityCounts(text);
  return counts.word === 0 ? undefined : fleschKincaid(counts);
}
