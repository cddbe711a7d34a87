import { exportHandler } from '../shared/http/export-handler.js';

/** GET /api/cves/export.csv (interface §4.3). */
export const handler = exportHandler('csv');
