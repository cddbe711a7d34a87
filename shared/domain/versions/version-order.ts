/**
 * One ecosystem's version order. `compare` is only called on versions `valid` accepted; a
 * version an ecosystem cannot read is matched only by exact listing (shared/domain/advisory.ts).
 */
export interface VersionOrder {
  valid(version: string): boolean;
  compare(a: string, b: string): number;
}
