interface Frame {
  readonly kind: 'object' | 'array';
  /** The key this container sits under in its parent object (null for the root and array items). */
  readonly key: string | null;
  /** The key most recently read in this object. */
  currentKey: string | null;
}

/**
 * The 1-based line of every key of one object in a JSON text, found by scanning the text itself
 * (JSON.parse keeps no positions). `path` names the object by the keys that lead to it from the
 * root, e.g. `['packages']` for a lockfile's packages map. Works on minified text too (every key
 * is then on line 1). The text must already be valid JSON: the scanner does not re-validate it.
 */
export function keyLinesOf(text: string, path: readonly string[]): Map<string, number> {
  const lines = new Map<string, number>();
  const frames: Frame[] = [];
  let line = 1;
  let i = 0;

  const atPath = (): boolean =>
    frames.length === path.length + 1 && frames[frames.length - 1]?.kind === 'object' && path.every((key, n) => frames[n + 1]?.key === key);

  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const startLine = line;
      let j = i + 1;
      let escaped = false;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') {
          escaped = true;
          j += 2;
        } else {
          j++;
        }
      }
      const raw = text.slice(i + 1, j);
      i = j + 1;
      // A string followed by ':' is a key of the innermost object.
      let k = i;
      while (k < text.length && (text[k] === ' ' || text[k] === '\t' || text[k] === '\r' || text[k] === '\n')) {
        if (text[k] === '\n') line++;
        k++;
      }
      i = k;
      const top = frames[frames.length - 1];
      if (text[k] === ':' && top?.kind === 'object') {
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.currentKey = key;
        if (atPath() && !lines.has(key)) lines.set(key, startLine);
      }
      continue;
    }
    if (ch === '\n') line++;
    else if (ch === '{' || ch === '[') {
      const parent = frames[frames.length - 1];
      frames.push({ kind: ch === '{' ? 'object' : 'array', key: parent?.kind === 'object' ? parent.currentKey : null, currentKey: null });
    } else if (ch === '}' || ch === ']') frames.pop();
    i++;
  }
  return lines;
}
