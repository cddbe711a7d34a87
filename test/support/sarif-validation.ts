import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';

const require = createRequire(import.meta.url);

/**
 * The official SARIF 2.1.0 JSON schema, as the SARIF Multitool's npm package ships it (one
 * package per platform, each with the same schema file), so tests need nothing outside the repo.
 */
function sarifSchemaPath(): string {
  for (const platform of ['linux', 'darwin', 'win32']) {
    try {
      return require.resolve(`@microsoft/sarif-multitool-${platform}/sarif-2.1.0.json`);
    } catch {
      // not installed for this platform
    }
  }
  throw new Error('The SARIF Multitool package (with its SARIF 2.1.0 schema) is not installed');
}

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** Errors of `log` against the SARIF 2.1.0 schema (empty when valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    validator = ajv.compile(JSON.parse(readFileSync(sarifSchemaPath(), 'utf8')) as object);
  }
  if (validator(log)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

function multitoolPath(): string {
  const bin = join(process.cwd(), 'node_modules', '.bin', 'sarif-multitool');
  if (!existsSync(bin)) throw new Error('node_modules/.bin/sarif-multitool is missing; run npm ci');
  return bin;
}

export interface MultitoolFinding {
  readonly ruleId: string;
  readonly level: string;
  readonly message: string;
}

/** GitHub's limit on runs per uploaded log (the Multitool's GH1013): a merged file stays within it. */
const MAX_RUNS_PER_FILE = 20;

/** Logs (as JSON) the Multitool already passed in this process: the same bytes need no second run. */
const passed = new Set<string>();

/**
 * The files one Multitool run reads: each distinct log not yet passed, with logs that share their
 * envelope (everything but `runs`) merged into one file of up to 20 runs. The tool's cost is mostly
 * per file (about 0.3 s each) and its rules judge each run on its own, so 60 one-run logs take one
 * file's time instead of sixty.
 */
function filesToValidate(logs: readonly Log[]): { files: string[]; texts: string[] } {
  const texts = [...new Set(logs.map((log) => JSON.stringify(log)))].filter((text) => !passed.has(text));
  const groups = new Map<string, Log['runs'][]>();
  for (const text of texts) {
    const { runs, ...envelope } = JSON.parse(text) as Log;
    const key = JSON.stringify(envelope);
    const group = groups.get(key) ?? [];
    const last = group.at(-1);
    if (last && last.length + runs.length <= MAX_RUNS_PER_FILE) last.push(...runs);
    else group.push([...runs]);
    groups.set(key, group);
  }
  const files = [...groups].flatMap(([envelope, runLists]) => runLists.map((runs) => JSON.stringify({ ...(JSON.parse(envelope) as object), runs })));
  return { files, texts };
}

/**
 * Runs the SARIF Multitool's GitHub ingestion rules (`validate --rule-kind Gh`) on `logs` and
 * returns its error-level findings. The tool exits 0 even when it finds errors, so the findings
 * are read from its own SARIF output file.
 */
export async function multitoolGhErrors(logs: Log | readonly Log[]): Promise<MultitoolFinding[]> {
  const { files, texts } = filesToValidate([logs].flat());
  if (files.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'plaincve-sarif-'));
  try {
    const inputs = join(dir, 'in');
    mkdirSync(inputs);
    // One run of the tool for many logs: it validates every file the specifier matches.
    files.forEach((file, i) => writeFileSync(join(inputs, `export-${i}.sarif`), file));
    const output = join(dir, 'validation.sarif');
    await promisify(execFile)(multitoolPath(), ['validate', '--rule-kind', 'Gh', '--output', output, join(inputs, '*.sarif')], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    });
    const report = JSON.parse(readFileSync(output, 'utf8')) as Log;
    const findings: MultitoolFinding[] = [];
    for (const run of report.runs) {
      for (const result of run.results ?? []) {
        findings.push({ ruleId: result.ruleId ?? '', level: result.level ?? 'warning', message: JSON.stringify(result.message) });
      }
      for (const notification of run.invocations?.flatMap((i) => i.toolExecutionNotifications ?? []) ?? []) {
        findings.push({ ruleId: 'tool', level: notification.level ?? 'error', message: notification.message.text ?? '' });
      }
    }
    const errors = findings.filter((f) => f.level === 'error');
    if (errors.length === 0) for (const text of texts) passed.add(text);
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
