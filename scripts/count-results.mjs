// Prints one line "N passed, N failed" summed over every tier's vitest JSON report.
// A failed gate (typecheck, lint, build) and a test file that failed to load count as failures too,
// so a run that executed nothing can never print "0 failed" quietly. The desktop tier, where it
// could not run (no Electron runtime or no display), is named as skipped and counts neither way.
import { existsSync, readFileSync } from 'node:fs';

const dir = '.test-results';
let passed = 0;
let failed = 0;
for (const tier of ['unit', 'integration', 'e2e', 'e2e-solo', 'desktop']) {
  const file = `${dir}/${tier}.json`;
  const skipped = `${dir}/${tier}-skipped.json`;
  if (!existsSync(file) && existsSync(skipped)) {
    console.log(`${tier}: skipped (${JSON.parse(readFileSync(skipped, 'utf8')).reason})`);
    continue;
  }
  if (!existsSync(file)) {
    console.log(`${tier}: no report (the tier did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  console.log(`${tier}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${brokenFiles} files failed to load`);
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
}
const gates = existsSync(`${dir}/gates.json`) ? JSON.parse(readFileSync(`${dir}/gates.json`, 'utf8')).failed : ['npm test'];
if (gates.length > 0) console.log(`failed gates: ${gates.join(', ')}`);
console.log(`${passed} passed, ${failed + gates.length} failed`);
