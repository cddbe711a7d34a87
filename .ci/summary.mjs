// Adds up vitest's JSON reports into the one line CI reads: "Tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.ci-reports';
let passed = 0;
let failed = 0;
let missing = 0;
// The suites .ci/run ran (a suite with no test files yet is not run); all three by default.
const suites = process.argv.length > 3 ? process.argv.slice(3) : ['test', 'e2e', 'data'];
for (const suite of suites) {
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
