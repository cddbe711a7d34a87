import { config } from '../config/index.js';
import type { ExportFormat } from '../query/export-query.js';
import { renderCsv } from '../render/csv.js';
import { renderJson } from '../render/json.js';
import { renderSarif } from '../render/sarif.js';
import { PRODUCT_NAME } from '../catalogue/use-cases/check-health.js';
import { exportCves, type ExportRows } from '../catalogue/use-cases/export-cves.js';
import { streamingApiHandler, type StreamingApiResult } from './api-handler.js';
import { callerOf } from './caller.js';
import { encodeBody } from './compression.js';
import { headerValue } from './headers.js';
import { logger } from './logger.js';

/** product-decisions §4: media types and file extensions. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  sarif: 'application/sarif+json',
};

/** `plaincve-export-20261122T053300Z.csv` */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `plaincve-export-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}.${format}`;
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
          baseUrl: config().PUBLIC_BASE_URL.replace(/(?<!\/)\/+$/, ''),
          toolVersion: config().SERVICE_VERSION,
          productName: PRODUCT_NAME,
          sarifPath: rows.query.sarifPath,
          filters: rows.query.filters,
        }),
      );
  }
}

/**
 * The Lambda handler of one export format: a thin adapter around the exportCves use case. It
 * streams its answer (`responseStreaming` in shared/platform/functions.ts), so an export of 1000
 * of the largest NVD records is sent whole, compressed as it goes when the client accepts it.
 */
export function exportHandler(format: ExportFormat) {
  return streamingApiHandler(
    async (event) => {
      const acceptEncoding = headerValue(event.headers, 'accept-encoding');
      const { answer, rate } = await exportCves<StreamingApiResult>({
        format,
        caller: callerOf(event),
        query: event.multiValueQueryStringParameters,
        onUsageError: (error) => logger.warn('usage count not recorded', { error: String(error) }),
        // Rendering is part of building: if it fails, the unit is given back. (Compression runs
        // while the answer streams, after the status line is out.)
        render: (rows) => {
          const encoded = encodeBody(renderBody(format, rows), acceptEncoding);
          return {
            statusCode: 200,
            headers: {
              'Content-Type': EXPORT_MEDIA_TYPES[format],
              'Content-Disposition': `attachment; filename="${exportFileName(format, rows.exportedAt)}"`,
              'Cache-Control': 'no-store',
              // CSV and SARIF have no meta: the cursor of the rows left is a header in every format.
              ...(rows.meta.next_cursor ? { 'X-Next-Cursor': rows.meta.next_cursor } : {}),
              ...encoded.headers,
            },
            body: encoded.body,
          };
        },
      });
      return { ...answer, headers: { ...answer.headers, ...rate } };
    },
    { auth: 'apiKey' },
  );
}
