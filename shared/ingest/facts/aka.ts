/**
 * The names a record gives the bug (§9 `aka`): "aka the Heartbleed bug", "aka 'Log4Shell'",
 * "aka "Windows Kernel Memory Corruption Vulnerability."", bulletins it is known by
 * ("MS08-067"). Not names: tracker and note numbers ("aka internal bug 22214934", "aka Bug 1234",
 * "aka SAP Security Note 2090851") and an
 * aka in brackets right after a word, which names that word's thing ("vmware-authd (aka the
 * Authorization process)").
 */
import { proseOf } from './prose.js';

const AKA = /(\()?\baka\b\s*(?:the\s+)?(?:"([^"]+)"|'([^']+)'|“([^”]+)”|([^,.;()"]+))/gi;
const TRACKER = /^(?:internal\s+)?(?:bug|issue|defect|ticket|case|ID|CR|PR|ZDI|Oracle bug|Android bug)\b|^\d[\d-]*$|^[A-Z]+-\d+$/i;
/** A vendor's note or advisory number ("SAP Security Note 2090851", "KB 4022719") names the fix's paper, not the bug. */
const NOTE_NUMBER = /^(?:[\w-]+\s+){0,3}(?:note|advisory|bulletin|article|KB|knowledge base)\s*(?:no\.?|number|#)?\s*\d[\d-]*$/i;
const BULLETIN = /\b(MS\d{2}-\d{3})\b/g;
/**
 * An unquoted aka that runs on into the sentence's verb names the product, not the bug: the
 * app-store "aka blue-ridge-bank-mobile-banking/id699679197 for iOS does not verify X.509
 * certificates" is the app's identifier.
 */
const RUNS_INTO_CLAUSE = /\s(?:does|do|did)\s+not\b|\s(?:allows?|fails?|lets)\b|\sis\s+(?:vulnerable|affected)\b|\/id\d+\b/i;

/**
 * An unquoted "aka a DLL Hijacking attack" names the kind of attack, which any number of bugs share,
 * not this one: a bug class is no name.
 */
const BUG_CLASS =
  /^(?:(?:DLL|binary|library|EXE) (?:hijacking|planting|preloading|side-?loading|search order hijacking)|(?:cross-site scripting|XSS|cross-site request forgery|CSRF|SQL injection|clickjacking|(?:directory|path) traversal|man-in-the-middle|MitM|denial of service|DoS|brute[- ]force|replay|symlink|race condition)) (?:attack|vulnerability|issue)s?$/i;

function clean(name: string): string {
  return name
    .trim()
    .replace(/[.,;:]+$/, '')
    .replace(/^(?:a|an|the)\s+/i, '')
    .replace(/\s+(?:bug|issue)$/i, '')
    .trim();
}

/** Microsoft's bulletin the record links to ("…/ms08-067"): the name the bug is known by. */
export function bulletinsIn(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => [...url.matchAll(/\bms(\d{2})-(\d{3})\b/gi)].map((m) => `MS${m[1]}-${m[2]}`)))];
}

export function describedAka(description: string): string[] {
  const prose = proseOf(description);
  const names: string[] = [];
  for (const match of prose.matchAll(AKA)) {
    if (match[1]) continue;
    // An unquoted "aka an argument-switch attack or a KHOBE attack" gives two names.
    const quoted = match[2] ?? match[3] ?? match[4];
    const parts = quoted !== undefined ? [quoted] : (match[5] ?? '').split(/\s+(?:or|and)\s+(?=(?:an?|the)\s)/i);
    for (const part of parts) {
      const name = clean(part);
      if (name.length < 3 || name.length > 120 || TRACKER.test(name) || NOTE_NUMBER.test(name)) continue;
      if (quoted === undefined && (RUNS_INTO_CLAUSE.test(name) || BUG_CLASS.test(name))) continue;
      names.push(name);
    }
  }
  for (const match of prose.matchAll(BULLETIN)) names.push(match[1]!);
  return [...new Set(names)];
}
