import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A product limit written as a number where it should be read from shared/domain/limits.ts: a
 * value next to the words that make it that limit (`100` beside "per minute", `10_000` beside
 * "components"). A number alone is no finding: 100 is also a BatchGet's keys and a percentage.
 */
interface LimitRule {
  readonly limit: string;
  readonly value: RegExp;
  readonly context: RegExp;
}

const RULES: readonly LimitRule[] = [
  { limit: 'CORE_LIMIT', value: /\b100\b/, context: /per (?:UTC )?minute|a minute|\/min\b|requests? (?:per|a|each)/i },
  { limit: 'BATCH_LOOKUP.maxIds / FEED_ENTRIES', value: /\b100\b/, context: /\bids\b|\bCVEs\b|entries/i },
  { limit: 'SEARCH_RESULTS / PREVIEW_MATCHES', value: /\b20\b/, context: /matches|results|records/i },
  { limit: 'EXPORT_LIMIT', value: /\b10\b/, context: /exports? (?:per|an|a|each)|per (?:UTC )?hour|an hour/i },
  { limit: 'MAX_EXPORT_ROWS / CHANGES_MAX_LIMIT', value: /\b1(?:,|_)?000\b/, context: /\brows?\b|changes\b|not_checked|\bfrom 1 to\b/i },
  { limit: 'MAX_MANIFEST_BYTES', value: /\b4 \* 1024 \* 1024\b|\b4_?194_?304\b|\b4,194,304\b|\b4 ?MB\b/, context: /./ },
  { limit: 'MAX_REQUEST_BODY_BYTES', value: /\b10 \* 1024 \* 1024\b|\b10_?485_?760\b|\b10 ?MB\b/, context: /./ },
  { limit: 'MAX_COMPONENTS', value: /\b10(?:,|_)?000\b/, context: /components?/i },
  { limit: 'MAX_WATCHLISTS', value: /\b20\b/, context: /watchlists?\b/i },
  { limit: 'MAX_ERROR_DETAILS', value: /\b20\b/, context: /details?\b/i },
  { limit: 'MAX_REPORTED_VULNERABILITIES', value: /\b2(?:,|_)?000\b/, context: /vulnerabilit/i },
  { limit: 'CHANGE_RETENTION_DAYS / ACCESS_LOG_RETENTION_DAYS', value: /\b90\b/, context: /days?\b/i },
  { limit: 'DEFAULT_KEY_ROTATIONS_PER_HOUR', value: /\b5\b/, context: /rotations?\b/i },
];

/** Characters either side of a number in which its context words count. */
const NEAR = 40;

export interface StrayLimit {
  readonly line: number;
  readonly limit: string;
  readonly text: string;
}

/** Comment text is prose about a limit (its why), not a copy that code or a reader acts on. */
function codeOf(line: string, inBlock: boolean): { code: string; inBlock: boolean } {
  const trimmed = line.trim();
  if (inBlock) return trimmed.includes('*/') ? { code: trimmed.slice(trimmed.indexOf('*/') + 2), inBlock: false } : { code: '', inBlock: true };
  if (trimmed.startsWith('//') || trimmed.startsWith('<!--')) return { code: '', inBlock: false };
  if (trimmed.startsWith('/*'))
    return trimmed.includes('*/') ? { code: trimmed.slice(trimmed.indexOf('*/') + 2), inBlock: false } : { code: '', inBlock: true };
  // A trailing `// …` after code (a URL's `//` comes after a colon and is kept).
  return { code: line.replace(/(^|[^:'"`])\/\/ .*$/, '$1'), inBlock: false };
}

/** Each line's code, comments blanked (line numbers kept). */
export function codeLines(source: string): string[] {
  let inBlock = false;
  return source.split('\n').map((line) => {
    const read = codeOf(line, inBlock);
    inBlock = read.inBlock;
    return read.code;
  });
}

/** The names the limits module exports: another `const` of one of them with a value of its own is a second source. */
export function limitNames(limitsSource: string): string[] {
  return [...limitsSource.matchAll(/^export const ([A-Z][A-Z0-9_]*)\b/gm)].map((m) => m[1] ?? '');
}

/**
 * The limits one file's source writes out as numbers, by line (1-based): a limit's number beside
 * its words, or a name of the limits module given a number or object of its own.
 */
export function strayLimitLiterals(source: string, names: readonly string[] = []): StrayLimit[] {
  const redeclared = names.length > 0 ? new RegExp(`\\b(?:const|let|var)\\s+(${names.join('|')})\\s*(?::[^=]+)?=\\s*[-\\d{\\[]`) : undefined;
  const found: StrayLimit[] = [];
  const lines = source.split('\n');
  codeLines(source).forEach((code, index) => {
    const line = lines[index] ?? '';
    const own = redeclared?.exec(code);
    if (own) found.push({ line: index + 1, limit: own[1] ?? '', text: line.trim() });
    for (const rule of RULES) {
      const pattern = new RegExp(rule.value.source, 'g' + rule.value.flags.replace('g', ''));
      for (const match of code.matchAll(pattern)) {
        const around = code.slice(Math.max(0, match.index - NEAR), match.index + match[0].length + NEAR);
        if (rule.context.test(around)) found.push({ line: index + 1, limit: rule.limit, text: line.trim() });
      }
    }
  });
  return found;
}

/** The product's sources: what runs, deploys or is served (tests, benches and the data are not). */
export const PRODUCT_FOLDERS = ['shared', 'functions', 'infra', 'bin', 'dashboard/src', 'dashboard/build.ts'] as const;
/** The one module the limits are written in. */
export const LIMITS_MODULE = 'shared/domain/limits.ts';

export function productSources(root: string): string[] {
  const files: string[] = [];
  const walk = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (/\.(ts|html|js)$/.test(path)) {
      files.push(relative(root, path));
    }
  };
  for (const folder of PRODUCT_FOLDERS) walk(join(root, folder));
  return files.filter((file) => file !== LIMITS_MODULE).sort();
}

/** Every stray copy under `root`, as `file:line  LIMIT  text`. */
export function strayLimitsUnder(root: string): string[] {
  const names = limitNames(readFileSync(join(root, LIMITS_MODULE), 'utf8'));
  return productSources(root).flatMap((file) =>
    strayLimitLiterals(readFileSync(join(root, file), 'utf8'), names).map((s) => `${file}:${s.line}  ${s.limit}  ${s.text.slice(0, 160)}`),
  );
}
