import * as z from 'zod/mini';
import { apiHandler } from '../shared/http/api-handler.js';
import { decodePathSegment } from '../shared/http/path-parameters.js';
import { alongsideAllowance } from '../shared/http/rate-limit.js';
import { okResponse } from '../shared/http/responses.js';
import { lookupPackage } from '../shared/catalogue/use-cases/package-lookup.js';

const packageEvent = z.object({
  pathParameters: z.object({ ecosystem: z.pipe(z.string(), z.transform(decodePathSegment)), name: z.pipe(z.string(), z.transform(decodePathSegment)) }),
  multiValueQueryStringParameters: z.nullish(z.record(z.string(), z.array(z.string()))),
});

/** GET /api/packages/{ecosystem}/{name+}?version=V (product-decisions §8): one request of the 100 per minute. */
export const handler = apiHandler(
  async (event) => {
    const report = await alongsideAllowance(event, async () => {
      const { pathParameters, multiValueQueryStringParameters } = packageEvent.parse(event);
      return lookupPackage(pathParameters.ecosystem, pathParameters.name, multiValueQueryStringParameters);
    });
    return okResponse(report, { 'Cache-Control': 'private, max-age=300' });
  },
  { auth: 'apiKey', rateLimit: 'alongside' },
);
