import type { CatalogueRecord } from '../domain/cve.js';

// Placeholder until the demo records land.
export const DEMO_NOTICE = 'Hand-written demo records for trying PlainCVE offline, not a live vulnerability feed.';
export const demoCatalogue: readonly CatalogueRecord[] = [];
