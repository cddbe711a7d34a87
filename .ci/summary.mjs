// Adds up vitest's JSON reports into the one line CI reads: "Tests: N passed, N failed".
// Failed tests are named with the first lines of their message, last, because CI shows the tail
// of its output: a failure that cannot be named cannot be fixed.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? '.ci-reports';
let passed = 0;
let failed = 0;
let missing = 0;
const failures = [];
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
  for (const testFile of report.testResults ?? []) {
    const failedTests = (testFile.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that fails outside any test (an import error, a hook) has no failed test to name.
    if (failedTests.length === 0 && testFile.status === 'failed') {
      failures.push({ suite, file: testFile.name, title: '(the file itself)', message: testFile.message ?? '' });
    }
    for (const test of failedTests) {
      failures.push({ suite, file: testFile.name, title: test.fullName, message: (test.failureMessages ?? []).join('\n') });
    }
  }
}
for (const failure of failures) {
  console.log(`\nFAILED [${failure.suite}] ${relative(process.cwd(), failure.file)} > ${failure.title}`);
  const lines = failure.message
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 8);
  for (const line of lines) console.log(`  ${line.slice(0, 300)}`);
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
