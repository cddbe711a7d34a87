import type { Log } from 'sarif';
import type { TestStack } from './stack.js';
import { createOpenApiChecker, createResponseRecorder } from './openapi-conformance.js';

export type Format = 'csv' | 'json' | 'sarif';

export interface ExportAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed body for JSON, SARIF and error answers. */
  readonly json: <T = unknown>() => T;
}

/**
 * Calls the live exports and records every answer, so a suite can check all of them against
 * the OpenAPI document in its afterAll.
 */
export function exportClient(stack: TestStack) {
  const recorder = createResponseRecorder();
  const check = createOpenApiChecker();
  const sarif: Log[] = [];
  async function get(path: string, init: { key?: string; headers?: Record<string, string> } = {}): Promise<ExportAnswer> {
    const { response, text } = await recorder.record('GET', `${stack.baseUrl}${path}`, await stack.get(path, init));
    if (response.status === 200 && response.headers.get('content-type') === 'application/sarif+json') sarif.push(JSON.parse(text) as Log);
    return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
  }
  return {
    get,
    exportAs(format: Format, query: string, key: string, headers?: Record<string, string>) {
      return get(`/api/cves/export.${format}${query ? `?${query}` : ''}`, { key, ...(headers ? { headers } : {}) });
    },
    /** OpenAPI conformance problems of every recorded answer (empty when all conform). */
    conformanceProblems(): string[] {
      return recorder.all().flatMap((r) => check(r));
    },
    /** Every SARIF log this client received, for schema and Multitool validation. */
    sarifLogs(): readonly Log[] {
      return sarif;
    },
    recordedCount(): number {
      return recorder.all().length;
    },
  };
}
