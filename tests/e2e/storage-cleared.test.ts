import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../../electron/core/ipc/dispatcher';
import type { LearnStatus } from '../../shared/api/attendance';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { ok } from '../support/ipc-answer';
import { countsLine, createMeeting, learnRollOf, openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * Nothing lost if the browser clears its storage (docs/decisions/outbox-journal-kept-by-the-host.md):
 * marks taken offline and an import's batch rows wait; the origin's IndexedDB is cleared as a
 * browser short of space would; after a reload every mark is back on the roll calls and the status
 * bar, and once the network returns Learn holds exactly those marks, every record compared.
 */
const ROLL = 'E2E roll the browser cleared';
const IMPORTED = 'E2E import the browser cleared';
/** 60 statuses: more than one batch row (50 entries each). */
const IMPORTED_COUNT = 60;

const waiting = (page: Page) => page.getByTestId('waiting').textContent();

describe('the browser clears its storage with changes waiting', () => {
  const demo = useDemoHost();

  it('puts every waiting mark back after a reload, and Learn gets exactly those marks', { timeout: 240_000 }, async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).slice(0, IMPORTED_COUNT).map((m) => ({ userId: m.userId, userName: m.user?.userName ?? '' }));
    expect(students).toHaveLength(IMPORTED_COUNT);
    const imported = new Map(students.map((s, i): [string, LearnStatus] => [s.userId, i % 3 === 0 ? 'Absent' : 'Present']));

    // A roll call read once puts the course's roster on the device.
    await page.getByRole('button', { name: /^Take roll: / }).first().click();
    await page.getByTestId('student-row').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    // The import screen is opened online (its files come from the local host), then the network goes.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Choose a file', level: 2 }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    const csv = [`User name,2026-11-26 13:00 ${IMPORTED}`, ...students.map((s) => `${s.userName},${imported.get(s.userId) === 'Absent' ? 'A' : 'P'}`)].join('\r\n');
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles({ name: 'cleared.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await page.getByLabel(new RegExp(`Create “${IMPORTED}”`)).check();
    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 15_000 }).toBe(`${IMPORTED_COUNT} new, 0 changed, 0 unchanged, 0 errors`);
    await page.getByRole('button', { name: `Import ${IMPORTED_COUNT} changes` }).click();
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 15_000 }).toContain(`${IMPORTED_COUNT} changes saved, 1 meeting created`);

    // A roll call taken offline: a meeting made on this device, three students marked by keyboard.
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await createMeeting(page, { title: ROLL, date: '2026-11-26', start: '09:00', end: '10:15' });
    await takeRoll(page, ROLL, {});
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await page.keyboard.press('e');
    const marked = await page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-user-id') ?? ''));
    const rollMarks = new Map(marked.map((userId, i): [string, LearnStatus] => [userId, (['Absent', 'Late', 'Excused'] as const)[i]!]));
    // Two meetings made, 60 imported statuses, 3 taps.
    const total = 2 + IMPORTED_COUNT + 3;
    await expect.poll(() => waiting(page), { timeout: 15_000 }).toBe(`${total} changes waiting`);

    // The browser is back online for the local host (a real network cut never cuts it: Chromium's
    // offline switch does), while every sync is refused: the host's safety copy catches up with every
    // change (the import's rows come from its worker), and nothing reaches Learn.
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    const identity = (await ok(call(demo.host.dispatch, 'auth.status', {}))).identity!.key;
    const journaled = async (): Promise<number> => (await ok(call(demo.host.dispatch, 'outbox.journaled', { identity }))).rows.reduce((n, row) => n + (typeof row.size === 'number' ? row.size : 1), 0);
    await expect.poll(journaled, { timeout: 40_000 }).toBe(total);

    // The browser clears the origin's IndexedDB, as it may when space runs low: what shows after
    // the reload came from the safety copy, not from Learn (every sync is still refused).
    const origin = new URL(page.url()).origin;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb' });
    await page.reload();

    await page.getByText(`${total} changes not yet sent to Learn were recovered`).waitFor({ timeout: 30_000 });
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBe(`${total} changes waiting`);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await takeRoll(page, ROLL);
    await expect.poll(() => page.getByTestId('counts').textContent(), { timeout: 20_000 }).toContain(countsLine([...rollMarks.values(), ...Array<null>(297).fill(null)]));
    for (const [userId, status] of rollMarks) {
      await expect.poll(() => page.locator(`[data-testid="student-row"][data-user-id="${userId}"] [data-testid="student-status"]`).textContent()).toBe(status);
    }
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await takeRoll(page, IMPORTED);
    const importedStatuses = [...imported.values()];
    await expect.poll(() => page.getByTestId('counts').textContent(), { timeout: 20_000 }).toContain(countsLine([...importedStatuses, ...Array<null>(300 - IMPORTED_COUNT).fill(null)]));

    // The network returns: the sync runs by itself, and Learn holds exactly the marks put back.
    await page.unroute('**/ipc/sync.push');
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await context.setOffline(false);
    await expect.poll(() => waiting(page), { timeout: 60_000 }).toBe('0 changes waiting');
    const byUser = (records: { userId: string; status: string }[]) => Object.fromEntries(records.map((r) => [r.userId, r.status]));
    expect(byUser(await learnRollOf(demo.sandbox, ROLL))).toEqual(Object.fromEntries(rollMarks));
    expect(byUser(await learnRollOf(demo.sandbox, IMPORTED))).toEqual(Object.fromEntries(imported));
    await context.close();
  });
});
