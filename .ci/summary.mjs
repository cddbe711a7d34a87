// Adds up vitest's JSON reports into the one line CI reads: "Tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.ci-reports';
let passed = 0;
let failed = 0;
let missing = 0;
for (const suite of ['test', 'e2e', 'data']) {
  const file = join(dir, `${suite}.json`);
  if (!existsSync(file)) {
    console.log(`${suite}: no report (the suite did not run to the end)`);
    missing++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`${suite}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
