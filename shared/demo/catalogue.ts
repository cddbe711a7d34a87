import type { CatalogueRecord } from '../domain/cve.js';
import { records1 } from './records-1.js';
import { records2 } from './records-2.js';
import { records3 } from './records-3.js';
import { records4 } from './records-4.js';

export const DEMO_NOTICE = 'Hand-written demo records for trying PlainCVE offline, not a live vulnerability feed.';

/** Well-known real CVEs written by hand (split over four files to keep each reviewable). */
export const demoCatalogue: readonly CatalogueRecord[] = [...records1, ...records2, ...records3, ...records4];
