import { join } from 'node:path';
import { launchChromium } from '../../tests/support/browser';
import { goOffline, heapUsedMB, openRollCall, signIn, startBenchHost, STATUS_KEYS } from '../browser/host';
import { startPageTrace } from '../browser/page-trace';
import { addLargeCourse, LARGE_COURSE, LARGE_MEETING } from '../browser/large-course';
import { keyPhases, PAINT_PROBE, STATUS_KEYS_AND_ROW, type PaintProbe } from '../browser/paint-probe';
import { round, summarize } from '../stats';
import type { Page } from 'playwright-core';
import type { BenchFigure, BenchSection, BenchSectionResult } from './types';

/**
 * Roll call in Chromium (browser mode): 1,000 students in the list, status key presses down the
 * roll, each timed from the key event to the next painted frame and to the frame that shows the
 * new status, against the 16 ms frame budget, and counted in frames: how many presses made the
 * next frame (`inNextFramePct`, the "answers in the same frame"); and the JS heap once
 * the roster is loaded. Each key waits a random part of a frame first: a hand's keys are not timed
 * to the display's clock, and the harness's own wait ends on a frame (Playwright polls in animation
 * frames), which left every key just after one, the worst phase for its latency in ms.
 * Two runs of 200 presses, same keys, same figures:
 * - quiet: the roster is loaded online, then the network cut, so the presses time the app alone;
 * - duringSync: the network comes back ten presses into the next 200 and "Send now" ends the
 *   roll's send hold, so the first run's 200 marks are pushed and their results land in the
 *   meeting while keys are pressed. At least one landing must fall inside the presses.
 * BENCH_ROLLCALL_TRACE=<folder> writes a Chromium trace of the offline presses there
 * (bench/trace-tasks.ts names the page's longest tasks).
 */
const STUDENTS = 1000;
const PRESSES = 200;
const FRAME_BUDGET_MS = 16;
/** A brisk person: a key every 300 ms (plus the random phase), 40 of them. */
const PERSON_GAP_MS = 300;
const PERSON_PRESSES = 40;

type Probe = { __paintProbe: PaintProbe; __syncLandings: number[] };
/** The floor's key handler (FLOOR_KEYS): taking keys again, or off with the texts it changed put back. */
type FloorKeys = { resume: () => void; off: () => void };

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
    await page.evaluate(SYNC_LANDINGS);
    await page.getByTestId('student-row').first().focus();
    // The floor first, on the same page in the same state: what Chromium's frame costs alone.
    await page.evaluate(FLOOR_KEYS);
    const floor = await pressDownTheRoll(page, 0, log, 'floor: one row\'s text, no store');
    await page.evaluate(() => (window as unknown as { __floorKeys: FloorKeys }).__floorKeys.off());
    const traceDir = process.env.BENCH_ROLLCALL_TRACE;
    const trace = traceDir ? await startPageTrace(page) : undefined;
    const quiet = await pressDownTheRoll(page, 0, log, 'offline');
    if (trace && traceDir) await trace.stop(join(traceDir, 'roll-call-offline.trace.json'));

    // The network comes back a few presses in, so the push of the first run's marks (and its
    // results) lands among the presses on any machine: on a quiet one it takes well under a second.
    const startedAt = await page.evaluate(() => performance.now());
    const during = await pressDownTheRoll(page, PRESSES, log, 'online, sync landing', async () => {
      await page.context().setOffline(false);
      await page.getByTestId('connectivity').filter({ hasText: 'Online' }).waitFor({ timeout: 15_000 });
      // A roll being taken holds its push (send-hold.ts) until it is finished, sent or paused for
      // a minute: "Send now", as the instructor would, but clicked from the page so that the keys
      // stay in the list.
      await page.getByTestId('roll-held').getByRole('button').waitFor({ timeout: 15_000 });
      await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="roll-held"] button')?.click());
    });
    const endedAt = await page.evaluate(() => performance.now());
    const landings = (await page.evaluate(() => (window as unknown as Probe).__syncLandings)).filter((t) => t >= startedAt && t <= endedAt).length;
    // A person's pace: an idle page wakes its frames for a key, which a burst never waits for. The
    // floor at that pace is pressed here, on the page as the app's paced presses find it (after 400
    // presses and a sync), so the two meet the same page and the same frame scheduling.
    await page.evaluate(() => (window as unknown as { __floorKeys: FloorKeys }).__floorKeys.resume());
    const personFloor = await pressDownTheRoll(page, 2 * PRESSES, log, `floor, one press every ${PERSON_GAP_MS} ms`, undefined, { presses: PERSON_PRESSES, gapMs: PERSON_GAP_MS });
    await page.evaluate(() => (window as unknown as { __floorKeys: FloorKeys }).__floorKeys.off());
    // Online: each press syncs soon after, and the screen reads the store again between presses,
    // where a fast burst holds that read until the typing pauses.
    const paced = await pressDownTheRoll(page, 2 * PRESSES, log, `online, one press every ${PERSON_GAP_MS} ms`, undefined, { presses: PERSON_PRESSES, gapMs: PERSON_GAP_MS });
    const counts = await page.getByTestId('counts').textContent();
    await context.close();
    log(landings > 0 ? `rollCall: ${landings} sync results landed during the second run of presses` : 'rollCall: no sync landed during the second run of presses: its figures are left out');
    const measured = result(quiet, during, { paced, floor: personFloor }, floor, landings, heapBefore, heapAfter, counts ?? '');
    return landings > 0 ? measured : withoutSyncLanding(measured);
  } finally {
    await browser.close();
    await bench.close();
  }
};

/** PRESSES status keys from row `from` down, each waited for until painted; the probe's figures for them. */
async function pressDownTheRoll(
  page: Page,
  from: number,
  log: (line: string) => void,
  label: string,
  afterTenPresses?: () => Promise<void>,
  pace: { presses: number; gapMs: number } = { presses: PRESSES, gapMs: 0 },
): Promise<PaintProbe> {
  await page.evaluate(() => {
    const p = (window as unknown as Probe).__paintProbe;
    p.paint.length = 0;
    p.shown.length = 0;
    p.frameLate.length = 0;
    p.missing = 0;
  });
  const phase = keyPhases();
  for (let i = 0; i < pace.presses; i++) {
    await new Promise((resolve) => setTimeout(resolve, pace.gapMs + phase()));
    await page.keyboard.press(STATUS_KEYS[(from + i) % STATUS_KEYS.length]!);
    await page.waitForFunction((n) => {
      const p = (window as unknown as Probe).__paintProbe;
      return p.paint.length >= n && p.shown.length + p.missing >= n;
    }, i + 1);
    if (i + 1 === 10) await afterTenPresses?.();
    if ((i + 1) % 50 === 0) log(`rollCall (${label}): ${i + 1}/${pace.presses} presses`);
  }
  const probe = await page.evaluate(() => (window as unknown as Probe).__paintProbe);
  if (probe.missing > 0) throw new Error(`${probe.missing} of ${pace.presses} marks (${label}) never appeared on screen`);
  return { paint: [...probe.paint], shown: [...probe.shown], frameLate: [...probe.frameLate], missing: probe.missing };
}

/**
 * No push landed among the second 200 presses (the push finished before the network came back, or
 * after the presses): those presses were quiet ones, so their figures are left out and said to be,
 * while the offline and paced figures, which never needed a landing, stand.
 */
function withoutSyncLanding(measured: BenchSectionResult): BenchSectionResult {
  const why = 'not measured: no sync landed while the second 200 keys were pressed';
  return {
    figures: measured.figures.filter((f) => !f.label.includes('sync landing')),
    json: { ...measured.json, duringSync: why },
  };
}

/** Share of presses whose status was painted in the next frame, and the frames late at p95. */
function frames(probe: PaintProbe): { inNextFramePct: number; lateP95: number; lateMax: number } {
  const late = summarize(probe.frameLate);
  return { inNextFramePct: round((100 * probe.frameLate.filter((n) => n === 0).length) / probe.frameLate.length), lateP95: late.p95, lateMax: late.max };
}

/**
 * Page script: the floor of key -> paint. While `on`, a status key on the active row only writes
 * the status into that row's status cell (no store, no app code: the app never hears the key), so
 * the paint probe times Chromium's own frame for a one-row change on this page. Registered after
 * the probe, on the same target and phase, so the probe still sees the key first.
 */
const FLOOR_KEYS = `(() => {
  ${STATUS_KEYS_AND_ROW}
  const changed = [];
  const floor = {
    on: true,
    // Put back the texts the floor changed, so the app's own presses start from its own screen.
    off() { floor.on = false; for (const [node, data] of changed.reverse()) node.data = data; changed.length = 0; },
    resume() { floor.on = true; },
  };
  window.__floorKeys = floor;
  document.addEventListener('keydown', (event) => {
    const status = STATUS[event.key.toLowerCase()];
    if (!floor.on || !status) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    const row = activeRow();
    const text = row && row.querySelector('[data-testid="student-status"]')?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return;
    // The text node the app drew, changed in place (set even when it already reads so: one change to paint).
    changed.push([text, text.data]);
    text.data = status;
  }, { capture: true });
})()`;

/** Page script: the times the "changes waiting" count went down (a push's results landed). */
const SYNC_LANDINGS = `(() => {
  const landings = [];
  window.__syncLandings = landings;
  // Read every 50 ms rather than observed: the status bar's element may be drawn anew (an observer
  // on the first one then hears nothing), and a read this cheap does not disturb the frames timed.
  const read = () => Number(((/\\d[\\d,.\\s]*/.exec(document.querySelector('[data-testid="waiting"]')?.textContent || '') || ['0'])[0]).replace(/\\D/g, '') || '0'); // '1,234 changes waiting'
  let last = read();
  setInterval(() => {
    const now = read();
    if (now < last) landings.push(performance.now());
    last = now;
  }, 50);
})()`;

function figuresOf(probe: PaintProbe, label: string): { paint: ReturnType<typeof summarize>; shown: ReturnType<typeof summarize>; figures: BenchFigure[] } {
  const paint = summarize(probe.paint);
  const shown = summarize(probe.shown);
  const budget = { label: 'frame budget', value: FRAME_BUDGET_MS, unit: 'ms' };
  const target = '<= 1 (16 ms)';
  return {
    paint,
    shown,
    figures: [
      { label: `roll call ${STUDENTS} students${label}: key to next paint, p50`, value: paint.p50, unit: 'ms', baseline: budget, ratio: paint.p50 / FRAME_BUDGET_MS, target },
      { label: `roll call ${STUDENTS} students${label}: key to next paint, p95`, value: paint.p95, unit: 'ms', baseline: budget, ratio: paint.p95 / FRAME_BUDGET_MS, target },
      { label: `roll call${label}: key to the status painted, p50`, value: shown.p50, unit: 'ms', baseline: budget, ratio: shown.p50 / FRAME_BUDGET_MS, target },
      { label: `roll call${label}: key to the status painted, p95`, value: shown.p95, unit: 'ms', baseline: budget, ratio: shown.p95 / FRAME_BUDGET_MS, target },
    ],
  };
}

function result(
  quiet: PaintProbe,
  during: PaintProbe,
  person: { paced: PaintProbe; floor: PaintProbe },
  floor: PaintProbe,
  landings: number,
  heapBefore: number,
  heapAfter: number,
  counts: string,
): BenchSectionResult {
  const q = figuresOf(quiet, '');
  const d = figuresOf(during, ', sync landing');
  const paced = summarize(person.paced.paint);
  const pacedFloor = summarize(person.floor.paint);
  const pacedFloorBaseline = { label: `floor at that pace`, value: pacedFloor.p95, unit: 'ms' };
  const pacedFloorFrames = { label: 'floor at that pace', value: frames(person.floor).inNextFramePct, unit: '%' };
  const f = summarize(floor.paint);
  const floorBaseline = { label: 'floor: one row\'s text, no store', value: f.p95, unit: 'ms' };
  const floorFrames = { label: 'floor', value: frames(floor).inNextFramePct, unit: '%' };
  return {
    figures: [
      ...q.figures,
      ...d.figures,
      { label: 'roll call: key to next paint, p95, against the floor', value: q.paint.p95, unit: 'ms', baseline: floorBaseline, ratio: q.paint.p95 / f.p95 },
      { label: 'roll call: presses painted in the next frame', value: frames(quiet).inNextFramePct, unit: '%', baseline: floorFrames, ratio: frames(quiet).inNextFramePct / frames(floor).inNextFramePct },
      { label: 'roll call, sync landing: presses painted in the next frame', value: frames(during).inNextFramePct, unit: '%', baseline: floorFrames, ratio: frames(during).inNextFramePct / frames(floor).inNextFramePct },
      { label: `roll call, a press every ${PERSON_GAP_MS} ms online: key to next paint, p95`, value: paced.p95, unit: 'ms', baseline: pacedFloorBaseline, ratio: paced.p95 / pacedFloor.p95 },
      { label: `roll call, a press every ${PERSON_GAP_MS} ms online: presses painted in the next frame`, value: frames(person.paced).inNextFramePct, unit: '%', baseline: pacedFloorFrames, ratio: frames(person.paced).inNextFramePct / frames(person.floor).inNextFramePct },
      { label: 'roll call, sync landing: key to next paint, p95, against the floor', value: d.paint.p95, unit: 'ms', baseline: floorBaseline, ratio: d.paint.p95 / f.p95 },
      { label: `roll call: JS heap with ${STUDENTS} students loaded`, value: round(heapAfter), unit: 'MB', baseline: { label: 'at the course list', value: round(heapBefore), unit: 'MB' }, ratio: heapAfter / heapBefore },
    ],
    json: {
      students: STUDENTS,
      presses: PRESSES,
      network: 'offline during the presses (roster loaded online first)',
      frameBudgetMs: FRAME_BUDGET_MS,
      keyToPaintMs: q.paint,
      keyToStatusShownMs: q.shown,
      // Same page, same browser, same run: a key handler that only sets one row's status text.
      keyPhase: 'each key waits a pseudo-random 0-16.7 ms first (the same sequence in every run), so keys fall anywhere in a frame',
      frames: frames(quiet),
      floor: { what: 'a key handler that only sets the active row\'s status text (no store, no app code)', presses: PRESSES, keyToPaintMs: f, keyToStatusShownMs: summarize(floor.shown), frames: frames(floor) },
      keyToPaintVsFloorP50: round(q.paint.p50 / f.p50, 2),
      keyToPaintVsFloorP95: round(q.paint.p95 / f.p95, 2),
      duringSync: {
        presses: PRESSES,
        network: 'online: the first run\'s marks are pushed and their results land during these presses',
        syncLandingsDuringPresses: landings,
        keyToPaintMs: d.paint,
        keyToStatusShownMs: d.shown,
        keyToPaintVsFloorP95: round(d.paint.p95 / f.p95, 2),
        frames: frames(during),
      },
      atPersonPace: {
        presses: PERSON_PRESSES,
        gapMs: PERSON_GAP_MS,
        network: 'online: each press is pushed soon after, and the meeting is read again between presses',
        keyToPaintMs: paced,
        frames: frames(person.paced),
        floor: { keyToPaintMs: pacedFloor, frames: frames(person.floor) },
        keyToPaintVsFloorP95: round(paced.p95 / pacedFloor.p95, 2),
      },
      heapMB: { courseList: round(heapBefore), rosterLoaded: round(heapAfter) },
      countsAfter: counts,
    },
  };
}
