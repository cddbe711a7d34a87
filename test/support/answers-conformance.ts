import { describe, expect, it } from 'vitest';
import type { exportClient } from './export-client.js';
import { multitoolGhErrors, sarifSchemaErrors } from './sarif-validation.js';

/**
 * The closing checks every export suite runs over the answers it recorded: each matches the
 * OpenAPI document, and each SARIF answer is valid SARIF 2.1.0 that passes the Multitool's
 * GitHub ingestion rules.
 */
export function describeRecordedAnswersConformance(clientOf: () => ReturnType<typeof exportClient>, minimumAnswers: number): void {
  describe('OpenAPI conformance', () => {
    it('every answer of this suite matches the OpenAPI document', () => {
      const client = clientOf();
      expect(client.recordedCount()).toBeGreaterThan(minimumAnswers);
      expect(client.conformanceProblems()).toEqual([]);
    });

    it('every SARIF answer of this suite is valid SARIF 2.1.0 and passes the Multitool GitHub rules', async () => {
      const logs = clientOf().sarifLogs();
      expect(logs.length).toBeGreaterThan(0);
      for (const log of logs) expect(sarifSchemaErrors(log)).toEqual([]);
      expect(await multitoolGhErrors(logs)).toEqual([]);
    }, 180_000);
  });
}
