import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../shared/ingest/files.js';

/** What Node's readline makes of the same chunks (the splitter replaced it for speed). */
async function readlineLines(chunks: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks), crlfDelay: Infinity })) lines.push(line);
  return lines;
}

function splitterLines(chunks: readonly string[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line));
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('cuts lines as readline does: \\n, \\r\\n and a lone \\r end a line, a last line without an ending counts', () => {
    expect(splitterLines(['a\nb\r\nc\rd', '\n\ne'])).toEqual(['a', 'b', 'c', 'd', '', 'e']);
    expect(splitterLines(['{"id":1', '23}\n{"id"', ':4}'])).toEqual(['{"id":123}', '{"id":4}']);
    expect(splitterLines(['x\r', '\ny\n'])).toEqual(['x', 'y']);
    expect(splitterLines(['', '\n'])).toEqual(['']);
    expect(splitterLines([])).toEqual([]);
  });

  it('agrees with readline on any text cut into any chunks', async () => {
    const text = fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n', 'é', ' '), { maxLength: 40 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(40), { maxLength: 5 }), async (whole, cuts) => {
        const points = [...new Set(cuts.map((c) => Math.min(c, whole.length)))].sort((a, b) => a - b);
        const chunks = [...points, whole.length].map((end, i) => whole.slice(i === 0 ? 0 : points[i - 1], end)).filter((c) => c.length > 0);
        expect(splitterLines(chunks)).toEqual(await readlineLines(chunks));
      }),
      { numRuns: 300 },
    );
  });
});
