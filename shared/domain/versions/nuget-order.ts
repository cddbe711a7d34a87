import type { VersionOrder } from './version-order.js';

/**
 * NuGet's order (learn.microsoft.com/nuget/concepts/package-versioning): SemVer 2.0.0 with an
 * optional fourth number (Revision); missing numbers are 0 and leading zeros are ignored
 * (1.0 = 1.0.0 = 1.0.0.0, 1.01.1 = 1.1.1); a release is above its pre-releases; pre-release
 * labels compare as SemVer 2.0.0 says but without regard to case; build metadata is ignored.
 */
const PATTERN = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?\s*$/;

interface NuGetVersion {
  numbers: bigint[];
  prerelease: string[];
}

function parse(version: string): NuGetVersion | null {
  const match = PATTERN.exec(version);
  if (!match) return null;
  return {
    numbers: [match[1], match[2], match[3], match[4]].map((n) => BigInt(n ?? '0')),
    prerelease: match[5] ? match[5].split('.') : [],
  };
}

function compareLabels(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return Math.sign(Number(BigInt(a) - BigInt(b)));
  if (aNumeric) return -1; // numeric identifiers have lower precedence
  if (bNumeric) return 1;
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

function compare(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) throw new Error(`not a NuGet version: ${left ? b : a}`);
  for (let i = 0; i < 4; i++) {
    if (left.numbers[i]! !== right.numbers[i]!) return left.numbers[i]! < right.numbers[i]! ? -1 : 1;
  }
  if (left.prerelease.length === 0 || right.prerelease.length === 0) {
    return right.prerelease.length - left.prerelease.length === 0 ? 0 : left.prerelease.length === 0 ? 1 : -1;
  }
  const length = Math.max(left.prerelease.length, right.prerelease.length);
  for (let i = 0; i < length; i++) {
    const l = left.prerelease[i];
    const r = right.prerelease[i];
    if (l === undefined) return -1; // a shorter set of labels is lower when all before are equal
    if (r === undefined) return 1;
    const result = compareLabels(l, r);
    if (result !== 0) return result;
  }
  return 0;
}

export const nugetOrder: VersionOrder = {
  valid: (version) => parse(version) !== null,
  compare,
};
