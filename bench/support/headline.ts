/** What `npm run bench` passes to each part. */
export interface BenchOptions {
  /** A few seconds at a small size: proves the part runs; its figures mean little. */
  readonly quick: boolean;
}

/** One figure a part reports for the side-by-side table at the end of the run. */
export interface Headline {
  readonly figure: string;
  readonly value: string;
  readonly goal?: string;
  /** Filled in by the runner. */
  readonly part?: string;
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
