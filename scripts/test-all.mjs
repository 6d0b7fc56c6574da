// `npm test`: typecheck, lint and build, then the unit, integration and e2e tiers, and the desktop
// tier where Electron can run (elsewhere one line says it was skipped and why, and
// .test-results/desktop-skipped.json records it: skipped, never counted as passed).
// Every step runs even when an earlier one fails, so one run shows every problem;
// each tier's vitest JSON report lands in .test-results/ for .ci/run to count.
//
// typecheck (tsc, svelte-check), lint (eslint, depcruise) and build each keep one core busy and
// no more, so they run side by side (CI has 2 cores); their output is printed whole as each ends,
// never interleaved. The tiers run one after another (each already uses every core), except that
// the unit tier overlaps the end of lint.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { desktopTierBlocker } from './electron-runtime.mjs';

const resultsDir = '.test-results';
// The E2E screen check saves each checked screen at 1280 and 390 px in .test-results/screens/.
process.env.ROLLBOOK_SCREENSHOTS ??= '1';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const gates = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
];
const TIERS = ['unit', 'integration', 'e2e', 'e2e-solo', 'desktop'];
const tiers = TIERS.map((tier) => [
  tier,
  'npx',
  ['vitest', 'run', '--project', tier, '--reporter=default', '--reporter=json', `--outputFile.json=${resultsDir}/${tier}.json`],
]);

const failed = [];
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs a step; `buffered` collects its output and prints it whole when it ends. */
function run([name, cmd, args], buffered) {
  const started = Date.now();
  if (!buffered) console.log(`\n== ${name} ==`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n== ${name} ==`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`== ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s ==`);
      if (status !== 0) failed.push(name);
      resolve();
    });
  });
}

const started = Date.now();
// Lint outlasts typecheck and build by about a minute, with one core idle: the unit tier (which
// needs neither the build nor lint) starts once typecheck and build are done, beside lint.
const [typecheck, lint, build] = gates.map((step) => run(step, true));
await Promise.all([typecheck, build]);
await run(tiers[0], false);
await lint;
for (const step of tiers.slice(1, -1)) await run(step, false);
// The desktop tier drives the built app (dist/electron beside the renderer the build step made).
const desktopBlocker = desktopTierBlocker();
if (desktopBlocker) {
  console.log(`\ndesktop: skipped (${desktopBlocker})`);
  writeFileSync(`${resultsDir}/desktop-skipped.json`, JSON.stringify({ reason: desktopBlocker }));
} else {
  await run(['build:desktop', process.execPath, ['scripts/build-desktop.mjs']], false);
  await run(tiers.at(-1), false);
}

// Gates that are not vitest tiers (typecheck, lint, build) are recorded so the totals show them.
writeFileSync(`${resultsDir}/gates.json`, JSON.stringify({ failed: failed.filter((n) => !TIERS.includes(n)) }));
console.log(`\nnpm test took ${seconds(started)} s`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(desktopBlocker ? 'All checks and every tier that ran passed.' : 'All checks and tiers passed.');
