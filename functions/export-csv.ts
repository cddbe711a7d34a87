import { exportHandler } from '../shared/http/export-handler.js';
import { loadDeploymentSettings } from '../shared/config/deployment.js';

// Cold start: the public origin comes from the deployment (an SSM parameter in AWS).
await loadDeploymentSettings();

/** GET /api/cves/export.csv (interface §4.3). */
export const handler = exportHandler('csv');
