import * as z from 'zod/mini';
import { streamingApiHandler } from '../shared/http/api-handler.js';
import { encodeBody } from '../shared/http/compression.js';
import { headerValue } from '../shared/http/headers.js';
import { JSON_CONTENT_TYPE } from '../shared/http/responses.js';
import { readChanges } from '../shared/keeping-up/use-cases/read-changes.js';

const changesEvent = z.object({
  multiValueQueryStringParameters: z.nullish(z.record(z.string(), z.array(z.string()))),
});

/**
 * GET /api/changes (product-decisions §7). Streams its answer like the exports: a page of 1000
 * changes carries 1000 records, which can pass Lambda's 6 MB limit on a buffered answer.
 */
export const handler = streamingApiHandler(
  async (event) => {
    const { multiValueQueryStringParameters } = changesEvent.parse(event);
    const page = await readChanges(multiValueQueryStringParameters);
    const encoded = encodeBody(JSON.stringify({ ok: true, data: page }), headerValue(event.headers, 'accept-encoding'));
    return { statusCode: 200, headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...encoded.headers }, body: encoded.body };
  },
  { auth: 'apiKey' },
);
