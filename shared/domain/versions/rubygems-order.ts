import type { VersionOrder } from './version-order.js';

/**
 * RubyGems' `Gem::Version#<=>` (guides.rubygems.org/patterns/#semantic-versioning and the
 * class's documentation): `-` reads as `.pre.`; the version is split into runs of digits and
 * runs of letters; trailing zeros are dropped from the numeric part and from the part after the
 * first letter run; then segments compare one by one (a missing one is 0), a letter run (a
 * pre-release) below any number, letter runs by their bytes. So 1.0.a < 1.0.b1 < 1.0 = 1.0.0 < 1.1.
 */
type Segment = number | string;

const VALID = /^\s*[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?\s*$/;

function canonicalSegments(version: string): Segment[] {
  const text = version.trim().replace(/-/g, '.pre.');
  const segments: Segment[] = (text.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const firstString = segments.findIndex((s) => typeof s === 'string');
  const numeric = firstString === -1 ? segments : segments.slice(0, firstString);
  const rest = firstString === -1 ? [] : segments.slice(firstString);
  return [...dropTrailingZeros(numeric), ...dropTrailingZeros(rest)];
}

function dropTrailingZeros(segments: Segment[]): Segment[] {
  let end = segments.length;
  while (end > 0 && segments[end - 1] === 0) end--;
  return segments.slice(0, end);
}

function compare(a: string, b: string): number {
  const left = canonicalSegments(a);
  const right = canonicalSegments(b);
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const l = left[i] ?? 0;
    const r = right[i] ?? 0;
    if (l === r) continue;
    if (typeof l === 'string' && typeof r === 'number') return -1;
    if (typeof l === 'number' && typeof r === 'string') return 1;
    return l < r ? -1 : 1;
  }
  return 0;
}

export const rubygemsOrder: VersionOrder = {
  valid: (version) => VALID.test(version),
  compare,
};
