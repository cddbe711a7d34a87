import { exportHandler } from '../shared/http/export-handler.js';

/** GET /api/cves/export.json (interface §4.4). */
export const handler = exportHandler('json');
