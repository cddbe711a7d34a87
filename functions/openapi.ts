import { config } from '../shared/config/index.js';
import { apiHandler } from '../shared/http/api-handler.js';
import { openApiDocument } from '../shared/openapi/document.js';
import { loadDeploymentSettings } from '../shared/config/deployment.js';

// Cold start: the public origin comes from the deployment (an SSM parameter in AWS).
await loadDeploymentSettings();

let cached: string | undefined;

/** GET /openapi.json: public, generated once per container from the zod schemas. */
export const handler = apiHandler(
  async () => {
    cached ??= JSON.stringify(openApiDocument(config().PUBLIC_BASE_URL.replace(/\/+$/, ''), config().SERVICE_VERSION));
    return { statusCode: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' }, body: cached };
  },
  { auth: 'none' },
);
