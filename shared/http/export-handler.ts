import type { APIGatewayProxyResult } from 'aws-lambda';
import { config } from '../config/index.js';
import type { ExportFormat } from '../query/export-query.js';
import { renderCsv } from '../render/csv.js';
import { renderJson } from '../render/json.js';
import { renderSarif } from '../render/sarif.js';
import { PRODUCT_NAME } from '../use-cases/check-health.js';
import { exportCves, type ExportRows } from '../use-cases/export-cves.js';
import { apiHandler } from './api-handler.js';
import { callerOf } from './caller.js';
import { ApiError } from '../domain/errors.js';
import { ExportTooLargeError, encodeResponse } from './compression.js';
import { headerValue } from './headers.js';

/** product-decisions §4: media types and file extensions. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  sarif: 'application/sarif+json',
};

/** `plaincve-export-20261122T053300Z.csv` */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `plaincve-export-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}.${format}`;
}

function renderBody(format: ExportFormat, rows: ExportRows): string {
  switch (format) {
    case 'csv':
      return renderCsv(rows.records, rows.exportDay);
    case 'json':
      return renderJson(rows.records, rows.meta, rows.exportDay);
    case 'sarif':
      return JSON.stringify(
        renderSarif(rows.records, {
          baseUrl: config().PUBLIC_BASE_URL.replace(/\/+$/, ''),
          toolVersion: config().SERVICE_VERSION,
          productName: PRODUCT_NAME,
          sarifPath: rows.query.sarifPath,
          filters: rows.query.filters,
        }),
      );
  }
}

/**
 * Beyond the designed-for record sizes an export may not fit Lambda's 6 MB answer even
 * compressed; the client then gets a clear error (and its unit back) instead of API Gateway's
 * bare 502.
 */
function encodeOrRefuse(response: APIGatewayProxyResult, acceptEncoding: string | undefined): APIGatewayProxyResult {
  try {
    return encodeResponse(response, acceptEncoding);
  } catch (error) {
    if (!(error instanceof ExportTooLargeError)) throw error;
    throw new ApiError('INTERNAL_ERROR', 'This export is too large to send in one answer; narrow it with filters such as min_score or severity.');
  }
}

/** The Lambda handler of one export format: a thin adapter around the exportCves use case. */
export function exportHandler(format: ExportFormat) {
  return apiHandler(
    async (event) => {
      const acceptEncoding = headerValue(event.headers, 'accept-encoding');
      const { answer, rate } = await exportCves<APIGatewayProxyResult>({
        format,
        caller: callerOf(event),
        query: event.multiValueQueryStringParameters,
        // Rendering and encoding are part of building: if either fails, the unit is given back.
        render: (rows) =>
          encodeOrRefuse(
            {
              statusCode: 200,
              headers: {
                'Content-Type': EXPORT_MEDIA_TYPES[format],
                'Content-Disposition': `attachment; filename="${exportFileName(format, rows.exportedAt)}"`,
                'Cache-Control': 'no-store',
              },
              body: renderBody(format, rows),
            },
            acceptEncoding,
          ),
      });
      return { ...answer, headers: { ...answer.headers, ...rate } };
    },
    { auth: 'apiKey' },
  );
}
