/**
 * What test/infra/function-bundles.test.ts runs twice, from source and bundled with the deployed
 * options into chunks: every path that reaches a chunk loaded on first use (CycloneDX's schemas
 * and ajv; csv-parse, saxes, fflate and each source's parser in the ingest), with what each read.
 */
import { readFileSync } from 'node:fs';
import { readSourceFile } from '../../shared/ingest/files.js';
import type { IntelSink } from '../../shared/ingest/sources/source.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';

export interface ProbeInput {
  /** A CycloneDX SBOM that passes its schema. */
  readonly sbom: string;
  /** Ingest source files: a KEV CSV, a CPE dictionary, an OSV zip, and one file of each source whose parser is a chunk. */
  readonly sources: readonly string[];
}

/** Every call a source made into the sink, in order, as [method, first argument]. */
function recordingSink(calls: [string, unknown][]): IntelSink {
  return new Proxy({} as IntelSink, {
    get: (_target, method) => (first: unknown) => void calls.push([String(method), first]),
  });
}

export async function probe(input: ProbeInput) {
  const sbom = readFileSync(input.sbom, 'utf8');
  const parsed = await parseManifest(sbom);
  const broken = JSON.parse(sbom) as { components: { name?: string }[] };
  delete broken.components[0]!.name;
  const rejected = await parseManifest(JSON.stringify(broken)).then(
    () => 'accepted',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const sources = [];
  for (const path of input.sources) {
    const calls: [string, unknown][] = [];
    const report = await readSourceFile(path, recordingSink(calls));
    sources.push({ recognition: report.recognition.type, kind: 'source' in report.recognition ? report.recognition.source.kind : undefined, calls });
  }
  return { components: parsed.components.length, rejected, sources };
}
