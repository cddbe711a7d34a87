/**
 * A build named by its date ("before 20070416", VulDB's "Netgear WN604 up to 20240710"): no version
 * number anyone reads as one, so the texts call it "the build dated 20240710" and a reader compares
 * dates, not numbers.
 */
export const DATED_BUILD = /^(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/;

export const isDatedBuild = (version: string): boolean => DATED_BUILD.test(version.trim());
