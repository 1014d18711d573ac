// Runs after `npm test` (posttest): says what the run skipped and why, from vitest's JSON report.
// A fresh clone without ../shared or Chromium skips those suites and still passes; under CI (CI set)
// every skip is a failure, since CI has both.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const report = JSON.parse(readFileSync(new URL('../.test-results.json', import.meta.url), 'utf8'));
const skipped = report.testResults.flatMap((file) =>
  file.assertionResults
    .filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
    .map((test) => `${relative(process.cwd(), file.name)}: ${test.fullName}`),
);
console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped.length} skipped`);
if (skipped.length) {
  console.log('skipped (the title says why):');
  for (const line of skipped) console.log(`  - ${line}`);
  if (process.env['CI']) {
    console.log('CI runs with ../shared and Chromium: a skipped suite is a failure here.');
    process.exit(1);
  }
}
