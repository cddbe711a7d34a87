import type { APIGatewayProxyEvent } from 'aws-lambda';
import { config } from '../config/index.js';
import { renderOpenVex } from '../render/openvex.js';
import { renderScanSarif } from '../render/scan-sarif.js';
import { PRODUCT_NAME } from '../catalogue/use-cases/check-health.js';
import type { ScanOutcome } from '../scan/use-cases/scan-manifest.js';
import { headerValue } from './headers.js';
import { JSON_CONTENT_TYPE } from './responses.js';

export const SCAN_MEDIA_TYPES = {
  json: JSON_CONTENT_TYPE,
  sarif: 'application/sarif+json',
  openvex: 'application/json',
} as const;

/** The body's bytes (base64-decoded when API Gateway passed it so) and its Content-Encoding. */
export function manifestBodyOf(event: APIGatewayProxyEvent): { body: Buffer; contentEncoding: string | undefined } {
  const body = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  return { body, contentEncoding: headerValue(event.headers, 'content-encoding') };
}

/** The answer's body and media type in the asked format (product-decisions §8). */
export function renderScanAnswer(outcome: ScanOutcome): { contentType: string; body: string } {
  const baseUrl = config().PUBLIC_BASE_URL.replace(/(?<!\/)\/+$/, '');
  const toolVersion = config().SERVICE_VERSION;
  switch (outcome.format) {
    case 'json':
      return { contentType: SCAN_MEDIA_TYPES.json, body: JSON.stringify({ ok: true, data: outcome.report }) };
    case 'sarif':
      return {
        contentType: SCAN_MEDIA_TYPES.sarif,
        body: JSON.stringify(renderScanSarif(outcome.matches, { baseUrl, toolVersion, productName: PRODUCT_NAME, manifestPath: outcome.manifestPath })),
      };
    case 'openvex':
      return {
        contentType: SCAN_MEDIA_TYPES.openvex,
        body: JSON.stringify(renderOpenVex(outcome.matches, { baseUrl, toolVersion, productName: PRODUCT_NAME, at: outcome.scannedAt })),
      };
  }
}
