/**
 * One ecosystem's version order. `compare` is only called on versions `valid` accepted; a
 * version an ecosystem cannot read is matched only by exact listing (shared/domain/advisory.ts).
 */
export interface VersionOrder {
  valid(version: string): boolean;
  compare(a: string, b: string): number;
  /**
   * One spelling for all versions `compare` holds equal (PEP 440's 1.0 and 1.0.0), where the
   * order has a cheap one: lets a long `versions` list be searched as a set.
   */
  canonical?(version: string): string;
}
