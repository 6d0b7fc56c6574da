import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { goOffline, signIn, startBenchHost } from '../browser/host';
import { launchChromium } from '../../tests/support/browser';
import { RequestCounter, type Counted } from './counter';
import { allyOverviewFloor, launchFloor, reportFloor, rollCallScreenFloor, syncFloor, type Status } from './floor';
import { LearnFacts } from './learn-facts';
import { addInstructorWorld, CURRENT_COURSES, LECTURE_COURSE_ID, PAST_COURSES, STUDENTS_PER_COURSE } from './world';

/**
 * An instructor's day in browser mode (the real renderer and core, driven by playwright-core),
 * every step's Learn requests counted at the sandbox from its first click until the app has been
 * quiet for 1.5 s, each beside its floor (floor.ts):
 * first launch; a roll call taken offline then synced; one taken online (the app holds the marks
 * until the roll is finished: docs/decisions/roll-call-send-hold.md); the course's attendance report; the lecture's Ally overview; idle hours; then the
 * next day's launch, and an hour left open with one op Learn keeps refusing.
 *
 * Time: the page's clock is Playwright's (`context.clock`, installed before the first page, then
 * flowing as a real one). The idle hours and the failing op's hour are run by pausing it and
 * advancing it a minute at a time (`clock.runFor(60_000)`), each minute given real time for the
 * requests its timers start: the renderer's timers (its sync timers, its fallback push) run at
 * 60x or more. The host's own timers (Node) are not sped up: a retry the core waits for itself
 * stays in real time and is not in these hours.
 */
export const ROLL_COURSE = 'BENCH-101-F26';
const ABSENCES = 20;
const IDLE_HOURS = 2;

export interface Step {
  requests: Counted;
  floor: number;
  /** The floor without R9b's check reads after each bulk (a site whose bulk coverage were documented). */
  floorIfCoverageKnown?: number;
  note?: string;
}

export interface DaySteps {
  firstLaunch: Step;
  rollCallOffline: Step;
  rollCallOnline: Step;
  report: Step;
  allyOverview: Step;
  idleHours: Step & { hours: number };
  laterLaunch: Step;
  idleHourOneFailing: Step;
}

const tab = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openCourse(page: Page, courseId: string): Promise<void> {
  await tab(page, 'Today').click();
  await page.getByRole('button', { name: new RegExp(courseId) }).first().click();
  await page.getByRole('button', { name: 'New meeting' }).waitFor({ timeout: 30_000 });
}

async function newMeetingRoll(page: Page, title: string, date: string): Promise<void> {
  await page.getByRole('button', { name: 'New meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'New meeting' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  await dialog.getByLabel('Starts').fill('10:00');
  await dialog.getByLabel('Ends').fill('11:15');
  await dialog.getByRole('button', { name: 'Create meeting' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Take roll: ${title}` }).click();
  await page.getByTestId('counts').filter({ hasText: `${STUDENTS_PER_COURSE} not marked` }).waitFor({ timeout: 60_000 });
}

/** 20 absences down the roll (one every 15th student, a person's pause after each), then "Mark everyone". */
async function markRoll(page: Page, pauseMs: number): Promise<void> {
  await page.getByTestId('student-row').first().focus();
  for (let i = 0; i < ABSENCES; i++) {
    await page.keyboard.press('a');
    for (let k = 0; k < 14; k++) await page.keyboard.press('ArrowDown');
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  await page.getByRole('button', { name: 'Mark everyone not yet marked Present' }).click();
  await page.getByTestId('counts').filter({ hasText: `${STUDENTS_PER_COURSE - ABSENCES} present, ${ABSENCES} absent` }).waitFor({ timeout: 30_000 });
}

async function synced(page: Page): Promise<void> {
  await page.getByTestId('waiting').filter({ hasText: /^0 changes waiting$/ }).waitFor({ timeout: 120_000 });
}

/** The roll of 300 with 20 absences, as Learn must hold it at a meeting this sync creates. */
function rollWrite(roll: readonly string[], absent: ReadonlySet<string>): { created: true; before: Map<string, Status>; set: Map<string, Status> } {
  return { created: true, before: new Map(), set: new Map(roll.map((u) => [u, absent.has(u) ? 'Absent' : 'Present'])) };
}

const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/**
 * Runs the page's clock `minutes` minutes ahead, a minute at a time, letting each minute's
 * requests finish: a push still going when the next minute's timer fires would be skipped by the
 * app (one push at a time), so the count would depend on the machine's speed.
 */
async function runMinutes(page: Page, counter: RequestCounter, minutes: number): Promise<void> {
  const syncing = page.getByText(/^Syncing/);
  for (let i = 0; i < minutes; i++) {
    await page.context().clock.runFor(60_000);
    await counter.quiet(200, 20_000);
    for (let t = 0; t < 400 && (await syncing.count()) > 0; t++) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await counter.quiet();
}

export async function instructorDay(log: (line: string) => void): Promise<DaySteps> {
  const bench = await startBenchHost();
  const browser = await launchChromium();
  try {
    await bench.sandbox.controlFetch(`/__sandbox/quota`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ limit: 10_000_000 }) });
    const world = addInstructorWorld(bench.sandbox);
    const facts = new LearnFacts(bench.sandbox);
    const counter = new RequestCounter(bench.sandbox);
    const lectureMeetings = (await facts.meetings(LECTURE_COURSE_ID)).length;
    const rollStudents = await facts.list(`/courses/courseId:${ROLL_COURSE}/users?role=Student`);
    const roll = rollStudents.map((m) => String(m.userId));
    const alsoReaches = await facts.bulkAlsoReaches(ROLL_COURSE, roll);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install();
    const page = await context.newPage();

    const steps = async (): Promise<DaySteps> => {
      // First launch: sign in, Today and My courses.
      let from = counter.snapshot();
      await signIn(page, bench.host.launchUrl(), LECTURE_COURSE_ID);
      await counter.quiet();
      const currentTaughtMeetings = [lectureMeetings, ...world.current.slice(1).map(() => 0)];
      const firstLaunch: Step = { requests: counter.since(from), floor: launchFloor({ signIn: true, memberships: CURRENT_COURSES + PAST_COURSES, currentTaughtMeetings }) };
      log(`requests: first launch ${firstLaunch.requests.learn} (floor ${firstLaunch.floor})`);

      // A roll call taken offline: the course opened and the roll read online, marks offline, then back.
      from = counter.snapshot();
      await openCourse(page, ROLL_COURSE);
      await newMeetingRoll(page, 'Requests bench offline roll', '2026-11-23');
      await goOffline(page);
      await markRoll(page, 0);
      await page.context().setOffline(false);
      await synced(page);
      await counter.quiet();
      // Counted before the floor's facts are read from Learn below (those reads are the bench's, not the app's).
      const offlineCounted = counter.since(from);
      const rows = await page.getByTestId('student-row').count();
      if (rows === 0) throw new Error('the roll call shows no student');
      const meetingsAfterFirst = await facts.meetings(ROLL_COURSE);
      const offlineMeeting = meetingsAfterFirst.find((m) => m.title === 'Requests bench offline roll');
      if (!offlineMeeting) throw new Error('the offline roll call never reached Learn');
      const absent1 = new Set([...(await facts.records(ROLL_COURSE, offlineMeeting.id))].filter(([, s]) => s === 'Absent').map(([u]) => u));
      if (absent1.size !== ABSENCES) throw new Error(`Learn holds ${absent1.size} absences for the offline roll call, expected ${ABSENCES}`);
      const rollSync = (meetingsOnLearn: number, absent: Set<string>, check = true) => syncFloor([{ meetingsOnLearn, roll, bulkAlsoReaches: alsoReaches, rollKnown: true, meetings: [rollWrite(roll, absent)] }], { check }).total;
      const screen = rollCallScreenFloor(roll.length, false);
      const rollCallOffline: Step = { requests: offlineCounted, floor: screen + rollSync(0, absent1), floorIfCoverageKnown: screen + rollSync(0, absent1, false) };
      log(`requests: roll call offline ${rollCallOffline.requests.learn} (floor ${rollCallOffline.floor})`);

      // A roll call taken online: marks at a person's pace, held by the app until "Mark everyone".
      from = counter.snapshot();
      await openCourse(page, ROLL_COURSE);
      await newMeetingRoll(page, 'Requests bench online roll', '2026-11-25');
      await markRoll(page, 600);
      await synced(page);
      await counter.quiet();
      const onlineCounted = counter.since(from);
      const onlineMeeting = (await facts.meetings(ROLL_COURSE)).find((m) => m.title === 'Requests bench online roll');
      if (!onlineMeeting) throw new Error('the online roll call never reached Learn');
      const absent2 = new Set([...(await facts.records(ROLL_COURSE, onlineMeeting.id))].filter(([, s]) => s === 'Absent').map(([u]) => u));
      const rollCallOnline: Step = { requests: onlineCounted, floor: rollSync(1, absent2), floorIfCoverageKnown: rollSync(1, absent2, false) };
      log(`requests: roll call online ${rollCallOnline.requests.learn} (floor ${rollCallOnline.floor})`);

      // The course's report: both meetings were written by this device in this session (R11).
      from = counter.snapshot();
      await openCourse(page, ROLL_COURSE);
      await tab(page, 'Report & export').click();
      await page.getByTestId('report-summary').filter({ hasText: `${STUDENTS_PER_COURSE} students, 2 meetings` }).waitFor({ timeout: 60_000 });
      await counter.quiet();
      const report: Step = { requests: counter.since(from), floor: reportFloor({ unknownMeetingRecords: [], meetingsKnown: true, meetingsOnLearn: 2, rosterKnown: true, students: roll.length }) };
      log(`requests: report ${report.requests.learn} (floor ${report.floor})`);

      // The lecture's Ally overview.
      const content = await facts.content(LECTURE_COURSE_ID);
      from = counter.snapshot();
      await tab(page, 'Today').click();
      await page.getByRole('button', { name: new RegExp(LECTURE_COURSE_ID) }).first().click();
      await tab(page, 'Accessibility').click();
      await page.getByTestId('ally-file').first().waitFor({ timeout: 60_000 });
      await counter.quiet();
      const allyOverview: Step = { requests: counter.since(from), floor: allyOverviewFloor(content), note: `${content.contentItems} content items, ${content.fileItems} keeping files as attachments (${content.ultra ? 'Ultra: documents keep theirs in their body' : 'Classic'})` };
      log(`requests: Ally overview ${allyOverview.requests.learn} Learn + ${allyOverview.requests.ally} Ally (floor ${allyOverview.floor})`);

      // Idle hours on Today.
      await tab(page, 'Today').click();
      await counter.quiet();
      from = counter.snapshot();
      await context.clock.pauseAt((await pageNow(page)) + 1_000);
      await runMinutes(page, counter, IDLE_HOURS * 60);
      const idleHours = { requests: counter.since(from), floor: 0, hours: IDLE_HOURS };
      log(`requests: ${IDLE_HOURS} idle hours ${idleHours.requests.learn} (floor 0)`);

      // The next day: the app opened again (same device and sign-in), a day later by the page's clock.
      await context.clock.pauseAt((await pageNow(page)) + 86_400_000);
      await context.clock.resume();
      from = counter.snapshot();
      await page.reload();
      await page.getByRole('button', { name: new RegExp(LECTURE_COURSE_ID) }).first().waitFor({ timeout: 30_000 });
      await counter.quiet();
      const laterLaunch: Step = { requests: counter.since(from), floor: launchFloor({ signIn: false, memberships: CURRENT_COURSES + PAST_COURSES, currentTaughtMeetings: [lectureMeetings, 2, 0, 0, 0, 0] }) };
      log(`requests: later launch ${laterLaunch.requests.learn} (floor ${laterLaunch.floor})`);

      const idleHourOneFailing = await oneFailingHour(page, context, counter, bench.sandbox, roll, offlineMeeting.id);
      log(`requests: an hour with one op Learn refuses ${idleHourOneFailing.requests.learn} (floor ${idleHourOneFailing.floor})`);
      return { firstLaunch, rollCallOffline, rollCallOnline, report, allyOverview, idleHours, laterLaunch, idleHourOneFailing };
    };
    try {
      return await steps();
    } catch (error) {
      // The screen as the step found it, for whoever reads the failure.
      const shot = join(tmpdir(), 'rollbook-bench-requests-failure.png');
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)} (the screen: ${shot})`);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
    await bench.close();
  }
}

/**
 * One op Learn keeps refusing: at the offline roll's meeting, the first student is marked Late,
 * after Learn has dropped them from the course (their membership gone: Learn refuses a record for
 * a user not in the course). Counted from the mark through an hour of the page's clock. Floor
 * (R13): the first attempt, the meeting's record of that user read (R8) and one write.
 */
async function oneFailingHour(page: Page, context: BrowserContext, counter: RequestCounter, sandbox: Awaited<ReturnType<typeof startBenchHost>>['sandbox'], roll: readonly string[], meetingId: number): Promise<Step> {
  await openCourse(page, ROLL_COURSE);
  await page.getByRole('button', { name: 'Take roll: Requests bench offline roll' }).click();
  await page.getByTestId('counts').filter({ hasText: 'not marked' }).waitFor({ timeout: 60_000 });
  await counter.quiet();
  const { directory } = sandbox.context();
  const firstRowUser = await page.getByTestId('student-row').first().getAttribute('data-user-id');
  const dropped = firstRowUser ?? roll[0]!;
  const course = directory.course(`courseId:${ROLL_COURSE}`);
  const at = directory.memberships.findIndex((m) => m.courseId === course.id && m.userId === directory.user(dropped).id);
  if (at < 0) throw new Error(`${dropped} is not in ${ROLL_COURSE}`);
  directory.memberships.splice(at, 1);
  const from = counter.snapshot();
  await page.getByTestId('student-row').first().focus();
  await page.keyboard.press('l');
  await counter.quiet();
  await context.clock.pauseAt((await pageNow(page)) + 1_000);
  await runMinutes(page, counter, 60);
  await context.clock.resume();
  return { requests: counter.since(from), floor: syncFloor([{ meetingsOnLearn: 2, roll, rollKnown: true, meetings: [{ created: false, before: new Map([[dropped, 'Present']]), set: new Map([[dropped, 'Late']]) }] }]).total, note: `meeting ${meetingId}: ${dropped} marked Late after leaving the course` };
}
