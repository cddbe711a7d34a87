import { apiHandler } from '../shared/http/api-handler.js';
import { okResponse } from '../shared/http/responses.js';
import { checkHealth } from '../shared/catalogue/use-cases/check-health.js';

export const handler = apiHandler(async () => okResponse(await checkHealth(), { 'Cache-Control': 'no-store' }), {
  auth: 'none',
});
