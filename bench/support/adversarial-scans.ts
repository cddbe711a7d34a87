import { monitorEventLoopDelay } from 'node:perf_hooks';
import { escapeMarkdown } from '../../shared/render/markdown.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { bodyOf, craftedManifests, type CraftedManifest } from '../../test/support/crafted-manifests.js';
import type { Headline } from './headline.js';

type Send = (body: Buffer, query: Record<string, string>, headers?: Record<string, string>) => Promise<{ status: number; body: string }>;

const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Issue 24's crafted scan requests through the scan function: each sent `runs` times, printed
 * with its worst time, status and answer size (the CycloneDX schemas are compiled first, so no
 * request pays a compilation), and the longest the event loop was held meanwhile. Then the readers alone (parseManifest, no store, no request
 * overhead), per reader the worst time per input byte at the crafted size and at a tenth of it:
 * a linear reader keeps the figure flat as inputs grow, a quadratic one multiplies it by ten.
 * A 5xx, or a reader that throws anything but a 4xx, fails the bench.
 */
export async function adversarialScans(crafted: readonly CraftedManifest[], runs: number, send: Send): Promise<Headline[]> {
  for (const specVersion of ['1.4', '1.5', '1.6']) await send(Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion, version: 1 })), {});
  console.log(`\nissue 24's crafted requests (${runs} run${runs === 1 ? '' : 's'} each; worst time):`);
  // The longest the event loop was held at once while they ran: how long any other request
  // (a /health, a lookup) of the same process would have waited (issue 24: a /health took 24 s).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let worst = { time: 0, name: '' };
  let largestAnswer = 0;
  const failures: string[] = [];
  for (const manifest of crafted) {
    const { body, headers } = bodyOf(manifest);
    const query = Object.fromEntries(new URLSearchParams(manifest.query ?? ''));
    let slowest = 0;
    let answer = { status: 0, body: '' };
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      answer = await send(body, query, headers);
      slowest = Math.max(slowest, performance.now() - t);
    }
    if (answer.status >= 500) failures.push(`${manifest.name}: ${answer.status}`);
    const bytes = Buffer.byteLength(manifest.body);
    largestAnswer = Math.max(largestAnswer, Buffer.byteLength(answer.body));
    if (slowest > worst.time) worst = { time: slowest, name: manifest.name };
    console.log(
      `  ${ms(slowest).padStart(8)}  ${answer.status}  ${(bytes / 1024).toFixed(0).padStart(5)} KiB read (${(body.length / 1024).toFixed(1)} KiB sent), ` +
        `answer ${(Buffer.byteLength(answer.body) / 1024).toFixed(1)} KiB — ${manifest.name}`,
    );
  }
  loop.disable();
  const held = loop.max / 1e6;
  console.log(`longest the event loop was held at once meanwhile: ${ms(held)}`);
  if (failures.length > 0) throw new Error(`crafted requests answered 5xx: ${failures.join('; ')}`);

  const size = crafted.length > 0 ? sizeOf(crafted) : 1;
  const [large, small] = [await readerCosts(craftedManifests(size), runs), await readerCosts(craftedManifests(size / 10), runs)];
  // The SARIF renderer's Markdown escaping (issue 24: a name of 100,000 spaces took 7 s); names
  // reaching it are bounded now, so it is timed here on its own, on the crafted text itself.
  large.set('sarif markdown', markdownCost(Math.round(100_000 * size), runs));
  small.set('sarif markdown', markdownCost(Math.round(10_000 * size), runs));
  console.log('the readers alone, worst time per input byte (at the crafted size / at a tenth of it):');
  for (const [parser, cost] of large) {
    const tenth = small.get(parser);
    console.log(
      `  ${parser.padEnd(13)} ${cost.nsPerByte.toFixed(0).padStart(6)} ns/byte / ${(tenth?.nsPerByte ?? Number.NaN).toFixed(0).padStart(6)} ns/byte (worst: ${cost.name})`,
    );
  }
  return [
    { figure: "slowest of issue 24's crafted scan requests", value: `${ms(worst.time)} (${worst.name})`, goal: '< 1 s' },
    { figure: 'event loop held at once during the crafted requests (other requests wait this long)', value: ms(held), goal: '< 1 s' },
    { figure: 'largest answer to a crafted scan request', value: `${(largestAnswer / 1024).toFixed(1)} KiB`, goal: 'a few MB at most' },
    ...[...large].map(([parser, { nsPerByte }]) => ({
      figure: `${parser} reader: worst ns per input byte (crafted size / a tenth)`,
      value: `${nsPerByte.toFixed(0)} / ${(small.get(parser)?.nsPerByte ?? Number.NaN).toFixed(0)}`,
      goal: 'flat: linear',
    })),
  ];
}

function markdownCost(spaces: number, runs: number): { nsPerByte: number; name: string } {
  const text = `lodash${' '.repeat(spaces)}\n${' '.repeat(spaces)}x`;
  let slowest = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    escapeMarkdown(text);
    slowest = Math.max(slowest, performance.now() - t);
  }
  return { nsPerByte: (slowest * 1e6) / text.length, name: `escapeMarkdown of ${2 * spaces} spaces and a line break` };
}

/** The scale the crafted list was made at, read back from its first entry ("a" + N spaces). */
function sizeOf(crafted: readonly CraftedManifest[]): number {
  const spaces = Number(/(\d+) spaces/.exec(crafted[0]?.name ?? '')?.[1] ?? 150_000);
  return spaces / 150_000;
}

/** Per reader, the worst time per byte of parseManifest over the manifests of at least 4 KiB (smaller ones measure the clock). */
async function readerCosts(crafted: readonly CraftedManifest[], runs: number): Promise<Map<string, { nsPerByte: number; name: string }>> {
  const costs = new Map<string, { nsPerByte: number; name: string }>();
  for (const manifest of crafted) {
    const bytes = Buffer.byteLength(manifest.body);
    if (bytes < 4096) continue;
    let slowest = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      try {
        await parseManifest(manifest.body);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === undefined || status >= 500) throw error;
      }
      slowest = Math.max(slowest, performance.now() - t);
    }
    const reader = manifest.parser === 'sarif' ? (manifest.body.startsWith('{') ? 'cyclonedx' : 'requirements') : manifest.parser;
    const nsPerByte = (slowest * 1e6) / bytes;
    if (nsPerByte > (costs.get(reader)?.nsPerByte ?? -1)) costs.set(reader, { nsPerByte, name: manifest.name });
  }
  return costs;
}
