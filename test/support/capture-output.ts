import { vi } from 'vitest';

/**
 * Everything this process writes while `work` runs: process.stdout / process.stderr writes
 * (Powertools Logger writes there) and console calls (vitest intercepts console separately).
 * The local stack runs the functions in this process, so their logs land here.
 */
export async function captureOutput(work: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const record = (chunk: unknown) => chunks.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  const stderrWrite = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    record(chunk);
    return (stdoutWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
    record(chunk);
    return (stderrWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      record(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    }),
  );
  try {
    await work();
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    for (const spy of spies) spy.mockRestore();
  }
  return chunks.join('');
}
