/**
 * A build named by its date ("before 20070416", VulDB's "Netgear WN604 up to 20240710"): no version
 * number anyone reads as one, so the texts call it "the build dated 20240710" and a reader compares
 * dates, not numbers.
 */

/** A date written YYYYMMDD, for the description grammar's patterns. */
export const DATE_DIGITS = String.raw`(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])`;

const DATED_BUILD = new RegExp(`^${DATE_DIGITS}$`);

export const isDatedBuild = (version: string): boolean => DATED_BUILD.test(version.trim());

export const datedBuildText = (version: string): string => `the build dated ${version}`;

/** "builds up to and including the one dated 20240710" for a dated build, else "versions up to and including 2.3". */
export const upToAndIncludingText = (version: string): string =>
  isDatedBuild(version) ? `builds up to and including the one dated ${version}` : `versions up to and including ${version}`;
