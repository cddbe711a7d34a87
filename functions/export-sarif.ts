import { exportHandler } from '../shared/http/export-handler.js';

/** GET /api/cves/export.sarif (interface §4.5). */
export const handler = exportHandler('sarif');
