/**
 * OSV's ecosystem names for the ecosystems PlainCVE matches (product-decisions §8). A module of
 * its own, so that what only names them (the OpenAPI document) does not load the version orders.
 */
export const ECOSYSTEMS = ['npm', 'PyPI', 'Maven', 'Go', 'crates.io', 'RubyGems', 'NuGet'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];
