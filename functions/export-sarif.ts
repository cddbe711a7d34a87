import { exportHandler } from '../shared/http/export-handler.js';
import { loadDeploymentSettings } from '../shared/config/deployment.js';

// Cold start: the public origin comes from the deployment (an SSM parameter in AWS).
await loadDeploymentSettings();

/** GET /api/cves/export.sarif (interface §4.5). */
export const handler = exportHandler('sarif');
