import * as z from 'zod/mini';
import { streamingApiHandler } from '../shared/http/api-handler.js';
import { callerOf } from '../shared/http/caller.js';
import { encodeBody } from '../shared/http/compression.js';
import { headerValue } from '../shared/http/headers.js';
import { logger } from '../shared/http/logger.js';
import { manifestBodyOf, renderScanAnswer } from '../shared/http/scan-answer.js';
import { scanManifest } from '../shared/scan/use-cases/scan-manifest.js';

const scanEvent = z.object({
  multiValueQueryStringParameters: z.nullish(z.record(z.string(), z.array(z.string()))),
});

/**
 * POST /api/scan (product-decisions §8): a CycloneDX or SPDX SBOM, a package-lock.json or a
 * requirements.txt in, the vulnerabilities that hit it out (JSON, SARIF or OpenVEX). Streams
 * its answer like the exports: a SARIF log of 10,000 components can pass Lambda's 6 MB limit.
 */
export const handler = streamingApiHandler(
  async (event) => {
    const { multiValueQueryStringParameters } = scanEvent.parse(event);
    const acceptEncoding = headerValue(event.headers, 'accept-encoding');
    const { answer, rate } = await scanManifest({
      caller: callerOf(event),
      ...manifestBodyOf(event),
      query: multiValueQueryStringParameters,
      onUsageError: (error) => logger.warn('usage count not recorded', { error: String(error) }),
      render: (outcome) => {
        const { contentType, body } = renderScanAnswer(outcome);
        const encoded = encodeBody(body, acceptEncoding);
        return { statusCode: 200, headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...encoded.headers }, body: encoded.body };
      },
    });
    return { ...answer, headers: { ...answer.headers, ...rate } };
  },
  { auth: 'apiKey' },
);
