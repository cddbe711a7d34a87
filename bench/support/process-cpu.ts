import { readFileSync } from 'node:fs';

/**
 * A process's CPU seconds so far (user + system, from /proc: Linux only; undefined elsewhere or
 * when the process is gone). /proc counts in clock ticks of 10 ms, so a figure per request
 * needs a run of many requests.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}
