/**
 * NVD's numbered lists of places, read whole (§9 `component`): "Multiple cross-site scripting
 * vulnerabilities … via (1) the nr parameter in detail.php, (2) the msg parameter in
 * db_mysql.inc.php, and (3) the pos parameter in index.php", or "Multiple buffer overflows in (1)
 * iso2022jp.c or (2) shiftjis.c for Courier-IMAP". A site owner told only of the first place would
 * believe the others safe, so every place is named, up to MAX_PLACES.
 */

const FILE_NAME = String.raw`\/?(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:php\d?|aspx?|jsp|cgi|pl|py|rb|js|c|cc|cpp|h|hpp|java|cs|go|rs|xml|dll|exe|sys|so|ocx|inc|lua|sh|html?|swf|tpl|jar|class|ts|ya?ml|do|cfm|nsf)`;
/**
 * A list opens after "via" (the injection points) or "in" (the flawed files), or after "the Include parameter to" (the
 * files that share it: "via the Include parameter to (1) Include/lib.inc.php3 and (2) Include/variables.php3").
 */
const LIST_START = /\b(via|in|(?<=\bparameter )to) (?:the )?\(1\) /;
/** A list item: "the nr parameter in detail.php", "name parameter to dispuser.asp", a file alone, a bare parameter name. */
const PARAMETER_ITEM = new RegExp(String.raw`^(?:the )?([\w[\]-]+) parameters? (?:in|to|of) (?:the )?(${FILE_NAME})(?=$|[\s,;.])`, 'i');
const FILE_ITEM = new RegExp(String.raw`^(${FILE_NAME})(?=$|[\s,;.])`, 'i');
const BARE_NAME = /^[\w[\]-]+$/;
/** Items after the last run together with the rest of the sentence: "shiftjis.c for Courier-IMAP before 3.0.0 …". */
const SENTENCE_END = /\.(?=\s|$)/;
const MAX_PLACES = 3;
/** Long paths make even three places a paragraph: places are dropped into "N other places" until the whole fits. */
const MAX_LENGTH = 100;
/** "via a URL in the babInstallPath parameter in (1) index.php, (2) topman.php …": one parameter for every listed file. */
const SHARED_PARAMETER = /\bthe ([\w[\]-]+) parameter (?:in|to) $/;

interface Place {
  readonly file: string;
  readonly parameters: string[];
}

interface NumberedList {
  readonly kind: string;
  readonly items: string[];
  readonly conjunction: string;
  readonly shared: string | undefined;
}

function listItems(prose: string): NumberedList | undefined {
  const start = LIST_START.exec(prose);
  if (!start) return undefined;
  const rest = prose.slice(start.index + start[0].length - '(1) '.length);
  const sentence = rest.split(SENTENCE_END)[0] ?? rest;
  const items = sentence
    .split(/\(\d+\)\s*/)
    .slice(1)
    .map((item) =>
      item
        .trim()
        .replace(/[,;]?\s*(?:and|or)?\s*(?:the)?$/i, '')
        .trim(),
    );
  // "(1) iso2022jp.c or (2) shiftjis.c": the list's own conjunction, since "or" and "and" say different things.
  const conjunction = /\bor (?:the )?\(\d+\)/.test(sentence) ? 'or' : 'and';
  const shared = SHARED_PARAMETER.exec(prose.slice(Math.max(0, start.index - 60), start.index + start[1]!.length + 1))?.[1];
  return items.length >= 2 ? { kind: start[1]!, items, conjunction, shared } : undefined;
}

function placeText(place: Place): string {
  const { file, parameters } = place;
  if (parameters.length === 0) return file;
  const names = parameters.length === 1 ? parameters[0]! : `${parameters.slice(0, -1).join(', ')} and ${parameters.at(-1)!}`;
  return `${file} (${names} parameter${parameters.length === 1 ? '' : 's'})`;
}

/**
 * The places a numbered list names, as one component ("detail.php (nr parameter), db_mysql.inc.php
 * (msg parameter) and index.php (pos parameter)"); "and N other places" for items past MAX_PLACES
 * or items that name no file ("(2) unspecified vectors"). Undefined where fewer than two items or
 * no file can be read, so the single-part readings apply.
 */
export function listedParts(prose: string): string | undefined {
  const list = listItems(prose);
  if (!list) return undefined;
  const places: Place[] = [];
  let unread = 0;
  // "the (3) title, (4) view, or (5) act parameter to boardhelp.asp": bare names share the next item's file.
  let pending: string[] = [];
  list.items.forEach((item, index) => {
    const last = index === list.items.length - 1;
    const parameter = list.kind === 'via' ? PARAMETER_ITEM.exec(item) : null;
    const file = parameter ? undefined : FILE_ITEM.exec(item);
    const whole = (matched: string) => last || matched.length === item.length;
    if (parameter && whole(parameter[0])) {
      const known = places.find((p) => p.file === parameter[2]);
      const names = [...pending, parameter[1]!];
      if (known) known.parameters.push(...names.filter((n) => !known.parameters.includes(n)));
      else places.push({ file: parameter[2]!, parameters: names });
      pending = [];
    } else if (file && whole(file[0]) && list.kind !== 'via') {
      places.push({ file: file[1]!, parameters: [] });
    } else if (list.kind === 'via' && BARE_NAME.test(item) && !last) {
      pending.push(item);
    } else {
      unread += 1 + pending.length;
      pending = [];
    }
  });
  unread += pending.length;
  // "the Theme parameter to (1) a.php3, … (9) b.php3, the SousTheme parameter to (10) …": the parameter is not every
  // place's, so the list is not read as one.
  if (places.length === 0 || (list.kind === 'to' && unread > 0)) return undefined;
  const suffix = list.shared ? ` (${list.shared} parameter)` : '';
  for (let count = Math.min(MAX_PLACES, places.length); count >= 1; count--) {
    const text = joined(places.slice(0, count).map(placeText), places.length - count + unread, list.conjunction) + suffix;
    if (text.length <= MAX_LENGTH || count === 1) return text;
  }
  return undefined;
}

function joined(named: readonly string[], others: number, conjunction: string): string {
  if (others > 0) return `${named.join(', ')} and ${others} other place${others === 1 ? '' : 's'}`;
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} ${conjunction} ${named.at(-1)!}`;
}

/**
 * A listed component with fewer places, for a title that must stay short: "detail.php (nr parameter) and 2 other
 * places". Empty for a component that is no list.
 */
export function fewerPlaces(component: string): string[] {
  const shared = / other places?( \([\w[\]-]+ parameter\))$/.exec(component)?.[1] ?? '';
  const body = component.slice(0, component.length - shared.length);
  const counted = / and (\d+) other places?$/.exec(body);
  const places = topLevelItems(counted ? body.slice(0, counted.index) : body);
  const more = Number(counted?.[1] ?? 0);
  const fewer: string[] = [];
  for (let count = places.length - 1; count >= 1; count--) {
    const others = places.length - count + more;
    fewer.push(`${places.slice(0, count).join(', ')} and ${others} other place${others === 1 ? '' : 's'}${shared}`);
  }
  return fewer;
}

/** "a.php (x and y parameters), b.php or c.php": the places, split only outside brackets. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  const words = text.split(/(, (?:and |or )?| and | or |[()])/);
  for (const word of words) {
    if (word === '(') depth++;
    if (word === ')') depth--;
    if (depth === 0 && /^(?:, (?:and |or )?| and | or )$/.test(word)) {
      items.push(current.trim());
      current = '';
    } else current += word;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

/** The files and parameters a listed component names, to tell whether a single-part reading is one of them. */
export function listedFiles(component: string): string[] {
  // Whole names only: "forum.cfm" is not "forum.c".
  return [...component.matchAll(new RegExp(`${FILE_NAME}(?![\\w-])`, 'gi'))].map((m) => m[0]);
}

/** "(2) fileid, (3) woMode, and (4) woID parameters": the list's last item names what the bare names before it are. */
const LAST_PARAMETERS = /^([\w[\]-]+) parameters$/;

/**
 * The parameters of a list that names no file ("in jsp/Login.do in ManageEngine OpManager … via the (1) requestid, (2)
 * fileid, (3) woMode, and (2) woID parameters"): they belong to the part named before the list. Undefined for any other
 * list, whose items are places of their own.
 */
export function listedParameters(prose: string): string[] | undefined {
  const list = listItems(prose);
  if (list?.kind !== 'via') return undefined;
  const last = LAST_PARAMETERS.exec(list.items.at(-1)!);
  const before = list.items.slice(0, -1);
  if (!last || !before.every((item) => BARE_NAME.test(item))) return undefined;
  return [...before, last[1]!];
}
