/** The real data folder (PLAINCVE_DATA_DIR, default ../shared/data): its files and their lines. */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { localConfig } from '../../shared/config/local.js';

export const DATA_DIR = resolve(localConfig().PLAINCVE_DATA_DIR);

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** The lines of a file, gunzipped when it is gzip. */
export async function* linesOf(path: string): AsyncGenerator<string> {
  const raw = createReadStream(path);
  const gz = readFileSync(path).subarray(0, 2);
  const input = gz[0] === 0x1f && gz[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  yield* createInterface({ input, crlfDelay: Infinity });
}

/**
 * Field `i` of a CPE 2.3 name, unescaped: the data suites read the records' CPEs with this small
 * parser of their own, not the product's (shared/domain/cpe/cpe-name.ts), so they check it.
 */
export const cpeField = (cpe: string, i: number): string =>
  cpe
    .replace(/\\:/g, '\uE000')
    .split(':')
    [i]?.replace(/\uE000/g, ':')
    .replace(/\\(.)/g, '$1') ?? '';
