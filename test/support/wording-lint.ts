/**
 * The wording lint (issue 8 item 11): what no generated sentence (title, summary, affected, fix)
 * may do. On top of `explanationFaults` (leaked undefined/null/NaN, empty lists, raw CPE
 * strings): a sentence whose subject is a bare "they" ("If it works, they can…"), "a"/"an"
 * disagreeing with the next word's sound, a raw CPE token (`enterprise_linux`), and a text whose
 * last sentence does not end.
 */
import { article } from '../../shared/ingest/explainer/names.js';
import { explanationFaults } from './explanation-checks.js';

/** Sentences: split after . ! ? followed by a space and a capital or a digit. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?]["')\]]?)\s+(?=[A-Z0-9"'])/).filter((s) => s.trim());
}

/**
 * "a"/"an" against the next word's sound. A capitalised "A"/"An" in mid-sentence belongs to a
 * name ("Portal D'acces A LA Universitat", "Security Patch A"), and so does a capitalised word
 * after it ("AcyMailing – An Ultimate Newsletter Plugin"): names are quoted as their owners
 * write them, so only the catalogue's own English is judged.
 */
function articleFaults(text: string): string[] {
  const faults: string[] = [];
  for (const m of text.matchAll(/(?<![\w'()./-])(a|an|A|An) (?=[A-Za-z])([A-Za-z][\w-]*)/g)) {
    const [, said, word] = m;
    if (!said || !word || word.length < 2) continue;
    const sentenceStart = /(^|[.!?:]\s+)$/.test(text.slice(0, m.index));
    if (/^A/.test(said) && !sentenceStart) continue;
    if (/^[A-Z][a-z]/.test(word)) continue;
    if (said.toLowerCase() !== article(word)) faults.push(`"${said} ${word}"`);
  }
  return faults;
}

export interface WordingOptions {
  /** A title quoted from a source (KEV, the CNA) is the source's words: only leaks are checked. */
  readonly quoted?: boolean;
  /** The record's own code identifiers (its component's `copy_page_to_iter_pipe`, `af_unix`): code, not a product token. */
  readonly code?: readonly string[];
}

/**
 * The identifiers of a record's component ("af_unix", "nf_tables_newrule (chain_id parameter)"): the texts write them
 * as the source does, in plain text since titles and summaries carry no Markdown.
 */
export function codeIdentifiers(component: string | null | undefined): string[] {
  return [...new Set(component?.match(/[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+/g) ?? [])];
}

export function wordingFaults(text: string, options: WordingOptions = {}): string[] {
  if (options.quoted) return [];
  const faults = [...explanationFaults(text)];
  for (const s of sentencesOf(text)) {
    if (/^(If it works, )?they\b/i.test(s.trim())) faults.push(`a sentence with no subject: "${s.slice(0, 40)}"`);
  }
  for (const f of articleFaults(text)) faults.push(`a/an: ${f}`);
  // Version strings (`snv_124`, `3.4sg_3.4.2sg`) and Apache modules (`mod_ssl`) are not CPE tokens.
  // Code in backticks (a function such as `copy_page_to_iter_pipe`), or the record's own component identifiers, is
  // code, not a product.
  let withoutVersions = text.replace(/\(versions? [^()]*(?:\([^()]*\)[^()]*)*\)/g, '').replace(/`[^`]*`/g, '');
  for (const word of options.code ?? []) withoutVersions = withoutVersions.split(word).join(' ');
  const token = /(?<![\w./:()-])(?!mod_)[a-z]{2,}(?:_[a-z]{2,})+(?![\w()-]|\.\w)/.exec(withoutVersions);
  if (token) faults.push(`a raw CPE token "${token[0]}"`);
  return faults;
}

/** A summary, affected or fix text must end its last sentence; a title is a heading and need not. */
export function sentenceEndFaults(text: string): string[] {
  return /[.!?]["')\]]*$/.test(text.trim()) ? [] : ['the last sentence does not end'];
}
