import { launchChromium } from '../../tests/support/browser';
import { goOffline, heapUsedMB, openRollCall, signIn, startBenchHost, STATUS_KEYS } from '../browser/host';
import { addLargeCourse, LARGE_COURSE, LARGE_MEETING } from '../browser/large-course';
import { PAINT_PROBE, type PaintProbe } from '../browser/paint-probe';
import { round, summarize } from '../stats';
import type { BenchSection } from './types';

/**
 * Roll call in Chromium (browser mode): 1,000 students in the list, 200 status key presses down
 * the roll, each timed from the key event to the next painted frame and to the frame that shows
 * the new status, against the 16 ms frame budget; and the JS heap once the roster is loaded. The
 * roster is loaded online, then the network is cut: the presses measure the app, not a sync
 * running beside them.
 */
const STUDENTS = 1000;
const PRESSES = 200;
const FRAME_BUDGET_MS = 16;

export const rollCallSection: BenchSection = async (log) => {
  const bench = await startBenchHost();
  const browser = await launchChromium();
  try {
    await addLargeCourse(bench.sandbox, STUDENTS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, bench.host.launchUrl(), LARGE_COURSE);
    const heapBefore = await heapUsedMB(page);
    await openRollCall(page, LARGE_COURSE, LARGE_MEETING, STUDENTS);
    const heapAfter = await heapUsedMB(page);
    log(`rollCall: ${STUDENTS} students loaded; JS heap ${heapAfter.toFixed(1)} MB (${heapBefore.toFixed(1)} MB at the course list)`);
    await goOffline(page);

    await page.evaluate(PAINT_PROBE);
    await page.getByTestId('student-row').first().focus();
    for (let i = 0; i < PRESSES; i++) {
      await page.keyboard.press(STATUS_KEYS[i % STATUS_KEYS.length]!);
      await page.waitForFunction((n) => {
        const p = (window as unknown as { __paintProbe: PaintProbe }).__paintProbe;
        return p.paint.length >= n && p.shown.length + p.missing >= n;
      }, i + 1);
      if ((i + 1) % 50 === 0) log(`rollCall: ${i + 1}/${PRESSES} presses`);
    }
    const probe = await page.evaluate(() => (window as unknown as { __paintProbe: PaintProbe }).__paintProbe);
    const counts = await page.getByTestId('counts').textContent();
    await context.close();
    if (probe.missing > 0) throw new Error(`${probe.missing} of ${PRESSES} marks never appeared on screen (counts: ${counts ?? '?'})`);
    return result(probe, heapBefore, heapAfter, counts ?? '');
  } finally {
    await browser.close();
    await bench.close();
  }
};

function result(probe: PaintProbe, heapBefore: number, heapAfter: number, counts: string): Awaited<ReturnType<BenchSection>> {
  const paint = summarize(probe.paint);
  const shown = summarize(probe.shown);
  const budget = { label: 'frame budget', value: FRAME_BUDGET_MS, unit: 'ms' };
  return {
    figures: [
      { label: `roll call ${STUDENTS} students: key to next paint, p50`, value: paint.p50, unit: 'ms', baseline: budget, ratio: paint.p50 / FRAME_BUDGET_MS, target: '<= 1 (16 ms)' },
      { label: `roll call ${STUDENTS} students: key to next paint, p95`, value: paint.p95, unit: 'ms', baseline: budget, ratio: paint.p95 / FRAME_BUDGET_MS, target: '<= 1 (16 ms)' },
      { label: 'roll call: key to the status painted, p50', value: shown.p50, unit: 'ms', baseline: budget, ratio: shown.p50 / FRAME_BUDGET_MS },
      { label: 'roll call: key to the status painted, p95', value: shown.p95, unit: 'ms', baseline: budget, ratio: shown.p95 / FRAME_BUDGET_MS },
      { label: `roll call: JS heap with ${STUDENTS} students loaded`, value: round(heapAfter), unit: 'MB', baseline: { label: 'at the course list', value: round(heapBefore), unit: 'MB' }, ratio: heapAfter / heapBefore },
    ],
    json: {
      students: STUDENTS,
      presses: PRESSES,
      network: 'offline during the presses (roster loaded online first)',
      frameBudgetMs: FRAME_BUDGET_MS,
      keyToPaintMs: paint,
      keyToStatusShownMs: shown,
      heapMB: { courseList: round(heapBefore), rosterLoaded: round(heapAfter) },
      countsAfter: counts,
    },
  };
}
