import { apiHandler } from '../shared/http/api-handler.js';
import { servedOpenApiDocument } from '../shared/catalogue/use-cases/openapi-document.js';

/** GET /openapi.json: public, generated once per container from the zod schemas. */
export const handler = apiHandler(
  async () => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    body: servedOpenApiDocument(),
  }),
  { auth: 'none' },
);
