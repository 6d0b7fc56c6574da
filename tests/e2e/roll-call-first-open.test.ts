import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import { countsLine, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { collect, learnAs, PSYC } from '../integration/learn-support';

// A first open straight after sign-in, on a slow network: the roll call is opened before the class
// list has come from Learn. It must say it is reading the list (not "connect to the network" while
// online) and show the students as soon as the list lands.
describe('a roll call opened before the class list has arrived', () => {
  const demo = useDemoHost();

  it('says it is reading the class list and shows the students when they come', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Every roster read is held on its way (Today's, the meetings screen's, the roll call's).
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/ipc/learn.roster', async (route) => {
      await held;
      await route.continue();
    });
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    const { learn } = learnAs(demo.sandbox, 'instructor');
    // The oldest meeting (the list ends with it once it holds every meeting Learn has).
    const meetings = (await collect(learn.attendance.listMeetings(PSYC))).sort((a, b) => a.start.localeCompare(b.start));
    const oldest = meetings.at(0);
    if (!oldest) throw new Error('the demo lecture has meetings');
    const takeRoll = page.getByRole('button', { name: /^Take roll: / });
    await expect.poll(() => takeRoll.count(), { timeout: 20_000 }).toBe(meetings.length);
    await takeRoll.last().click();

    const reading = page.getByTestId('roster-reading');
    await expect.poll(() => reading.textContent()).toBe('Reading the roster from Learn…');
    expect(await page.getByText('Connect to the network').count()).toBe(0);
    await checkScreen(page, 'roll-call-reading-class-list');

    release();
    await expect.poll(() => page.getByTestId('student-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await reading.count()).toBe(0);
    const learnRoll = await collect(learn.attendance.listRecords(PSYC, oldest.id));
    await expect.poll(() => page.getByTestId('counts').textContent(), { timeout: 20_000 }).toBe(countsLine(learnRoll.map((r) => r.status)));
    await page.close();
  });
});

describe('a roll call opened after the meetings screen could not read the class list', () => {
  const demo = useDemoHost();

  it('reads the class list itself', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route('**/ipc/learn.roster', (route) => route.abort('connectionreset'));
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await page.getByRole('status').filter({ hasText: 'Showing the copy saved on this device.' }).waitFor();
    // The network is well again, and the instructor goes straight to a roll call.
    await page.unroute('**/ipc/learn.roster');
    await page.getByRole('button', { name: /^Take roll: / }).last().click();
    await expect.poll(() => page.getByTestId('student-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await page.getByText('No students saved').count()).toBe(0);
    await context.close();
  });
});
