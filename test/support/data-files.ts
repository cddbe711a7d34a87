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
