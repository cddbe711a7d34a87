/**
 * "Final Fantasy XIV 4.21 and 4.25 … fixed in Patch 4.3": a vendor that numbers its patches as
 * decimals puts 4.3 above 4.25, where a version comparison puts it below. Only where the
 * description names the affected version beside its one stated fix is its own order taken.
 */
import { escapeRegExp } from '../../domain/escape-regexp.js';
export function decimalAbove(fix: string, affected: string): boolean {
  const f = /^(\d+)\.(\d)$/.exec(fix.trim());
  const a = /^(\d+)\.(\d{2,})$/.exec(affected.trim());
  return f !== null && a !== null && f[1] === a[1] && Number(f[2]!.padEnd(a[2]!.length, '0')) > Number(a[2]);
}

/** Whether the description writes `version` itself, as a version and not part of another one. */
export function namesVersion(description: string, version: string): boolean {
  const escaped = escapeRegExp(version);
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w]|\\.\\d)`).test(description);
}
