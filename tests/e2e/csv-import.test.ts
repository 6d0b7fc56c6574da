import { readFileSync } from 'node:fs';
import { answerConfirm } from '../support/design-ui';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { openRollbook } from '../support/browser';
import { createMeeting, learnRollOf, openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * In the UI: import a messy grid through the file chooser (parsed in the worker),
 * preview with per-row outcomes, create the missing meeting, confirm, see the roll call change,
 * sync it to Learn; undo a second import offline; export the grid as a download. No CSP
 * violation on the way (the worker must load as a file of the app).
 */
const TITLE = 'E2E CSV lecture';
const NEW_TITLE = 'E2E CSV field trip';

async function statusOf(page: Page, userId: string): Promise<string | null> {
  return page.locator(`[data-testid="student-row"][data-user-id="${userId}"] [data-testid="student-status"]`).textContent();
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel('CSV, text or Learn .xls file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${text}`, 'utf8') });
}

describe('CSV import and export in browser mode', () => {
  const demo = useDemoHost();

  it('imports a grid with a preview, creates the missing meeting, changes the roll call, and undoes a second import', async () => {
    const context = await demo.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });

    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeeting(page, { title: TITLE, date: '2026-11-24', start: '09:00', end: '10:15' });
    // The first three students of the roll call (in view without scrolling), by user name for the file.
    await takeRoll(page, TITLE, { timeout: 15_000 });
    const ids = await page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-user-id') ?? ''));
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const names = new Map((await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).map((m) => [m.userId, m.user?.userName ?? '']));
    const [a, b, c] = ids.map((userId) => ({ userId, userName: names.get(userId) ?? '' }));
    if (!a || !b || !c) throw new Error('the demo lecture has students');
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();

    // Offline (nothing reaches Learn until we say so): the import works from this device's data.
    // The screen is opened first: in browser mode the app's own files come from the local host,
    // which Chromium's offline switch cuts too (the desktop host serves them from its own scheme).
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // Shown, so its files are loaded (screens off the roll-call path load when first opened).
    await page.getByRole('heading', { name: 'Choose a file', level: 2 }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');

    // A grid as Excel saves it: BOM, CRLF, a totals column, mixed-case words and bad rows.
    await chooseFile(
      page,
      'week 12.csv',
      [
        `Name,User name,2026-11-24 09:00 ${TITLE},2026-11-25 13:00 ${NEW_TITLE},Attendance %`,
        `"A, Student",${a.userName},absent,P,50`,
        `"B, Student",${b.userName},LATE,,100`,
        `"C, Student",${c.userName},Prezent,,`,
        `"Ghost, Nobody",ghost-${Date.now()},P,,`,
      ].join('\r\n'),
    );
    await expect.poll(() => page.getByTestId('file-facts').textContent(), { timeout: 15_000 }).toContain('4 rows, read as UTF-8 as Excel saves it (“CSV UTF-8”), separated by comma');
    await checkScreen(page, 'import-mapping');
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 15_000 }).toBe('2 new, 0 changed, 0 unchanged, 3 errors');
    await expect.poll(() => page.getByTestId('preview-list').textContent()).toContain('unknown status “Prezent”');
    await expect.poll(() => page.getByTestId('preview-list').textContent()).toContain('Line 5');
    await checkScreen(page, 'import-preview');

    await page.getByLabel(new RegExp(`Create “${NEW_TITLE}”`)).check();
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toBe('3 new, 0 changed, 0 unchanged, 2 errors');
    await page.getByRole('button', { name: 'Import 3 changes' }).click();
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 15_000 }).toContain('3 changes saved, 1 meeting created');
    await expect.poll(() => page.getByTestId('import-standing').first().textContent()).toBe('3 changes waiting for Learn');
    await checkScreen(page, 'import-done');

    // The roll call shows the imported statuses.
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await takeRoll(page, TITLE, {});
    await expect.poll(() => statusOf(page, a.userId)).toBe('Absent');
    await expect.poll(() => statusOf(page, b.userId)).toBe('Late');
    await expect.poll(() => statusOf(page, c.userId)).toBe('—');

    // Back online, sync runs by itself: Learn has both meetings' records.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    const lecture = new Map((await learnRollOf(demo.sandbox, TITLE)).map((r) => [r.userId, r.status]));
    expect([lecture.get(a.userId), lecture.get(b.userId), lecture.get(c.userId)]).toEqual(['Absent', 'Late', undefined]);
    expect((await learnRollOf(demo.sandbox, NEW_TITLE)).map((r) => [r.userId, r.status])).toEqual([[a.userId, 'Present']]);

    // The report is opened once online, as the import was: in browser mode its file comes from the
    // local host, which Chromium's offline switch cuts too (screens load when first opened).
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await page.getByRole('button', { name: 'Report & export' }).click();
    await expect.poll(() => page.getByTestId('report-summary').textContent(), { timeout: 15_000 }).toMatch(/^300 students/);

    // Offline again, a second import changes a status; undoing it puts the status back.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // Shown, so its files are loaded (screens off the roll-call path load when first opened).
    await page.getByRole('heading', { name: 'Choose a file', level: 2 }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await chooseFile(page, 'fix.csv', `User name;2026-11-24 09:00 ${TITLE}\r\n${a.userName};P\r\n`);
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 15_000 }).toBe('0 new, 1 changed, 0 unchanged, 0 errors');
    await page.getByRole('button', { name: 'Import 1 change' }).click();
    await expect.poll(() => page.getByTestId('import-standing').first().textContent(), { timeout: 15_000 }).toBe('1 change waiting for Learn');
    await expect.poll(() => page.getByTestId('import-standing').nth(1).textContent()).toBe('In Learn');
    await page.getByRole('button', { name: 'Undo this import' }).click();
    await answerConfirm(page, 'Undo import');
    await expect.poll(() => page.getByTestId('import-standing').first().textContent(), { timeout: 15_000 }).toMatch(/^Undone /);
    await checkScreen(page, 'import-undone');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await takeRoll(page, TITLE, {});
    await expect.poll(() => statusOf(page, a.userId)).toBe('Absent');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('0 changes waiting');

    // Export the grid (offline, from this device): a download named by course and date.
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await page.getByRole('button', { name: 'Report & export' }).click();
    await expect.poll(() => page.getByTestId('report-summary').textContent(), { timeout: 15_000 }).toMatch(/^300 students/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export grid' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^PSYC-101-F26 attendance grid \d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync(await download.path(), 'utf8');
    expect(exported.startsWith('\ufeffName,User name,Student ID,')).toBe(true);
    expect(exported).toContain(`2026-11-24 09:00 ${TITLE}`);
    expect(exported.split('\r\n').length).toBe(300 + 2);

    expect(violations).toEqual([]);
    await context.close();
  });

  it('asks how a German Excel file writes its dates before planning it, and plans the day the user confirms', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 390, height: 900 } });
    // The host is still signed in from the test before, when that ran: then the courses show at once.
    await openRollbook(page, demo.host);
    const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
    const course = page.getByRole('button', { name: /PSYC-101-F26/ });
    await expect.poll(async () => (await signIn.count()) + (await course.count()), { timeout: 20_000 }).toBeGreaterThan(0);
    if ((await signIn.count()) > 0) await signIn.click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    // A roll call read once puts the course's roster on the device.
    await page.getByRole('button', { name: /^Take roll: / }).first().click();
    await page.getByTestId('student-row').first().waitFor({ timeout: 15_000 });
    const [first, second] = (await collect(learnAs(demo.sandbox, 'instructor').learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).map((m) => m.user?.userName ?? '');
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // A picture saved under a .csv name is refused with what it is, not read as rows of mojibake.
    const garbage = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256));
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles({ name: 'Attendance.csv', mimeType: 'text/csv', buffer: garbage });
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('Rollbook could not read Attendance.csv: it is not a text file, so not a CSV file.');
    await expect.poll(() => page.getByTestId('file-facts').count()).toBe(0);
    await checkScreen(page, 'import-not-a-csv');
    // As Excel saves "CSV (Trennzeichen-getrennt)" on a German Windows: Windows-1252, semicolons, CRLF.
    // 02.03. and 03.04. read either way, and the course meets on none of those days.
    const text = ['Benutzername;Datum;Status', `${first};02.03.2026 09:00;anwesend`, `${second};03.04.2026 09:00;verspätet`, ''].join('\r\n');
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles({ name: 'Anwesenheit.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') });
    const dates = page.getByTestId('date-order');
    await dates.waitFor({ timeout: 15_000 });
    // A wrong separator can be corrected: read with commas, the file is one column; with semicolons again, three.
    await page.getByLabel('Separated by').selectOption({ label: 'comma' });
    await expect.poll(() => page.getByTestId('file-facts').textContent(), { timeout: 15_000 }).toContain('separated by comma');
    await expect.poll(() => page.getByRole('region', { name: 'First rows of the file' }).locator('th').count()).toBe(1);
    await page.getByLabel('Separated by').selectOption({ label: 'semicolon' });
    await expect.poll(() => page.getByTestId('file-facts').textContent(), { timeout: 15_000 }).toContain('read as Windows-1252 (older Excel), separated by semicolon');
    await expect.poll(() => page.getByRole('region', { name: 'First rows of the file' }).locator('th').count()).toBe(3);
    await dates.waitFor();
    await expect.poll(() => dates.textContent()).toContain('usually written day first');
    const preview = page.getByRole('button', { name: 'Preview the import' });
    await expect.poll(() => preview.isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Choose how this file writes its dates: day first or month first.');
    await expect.poll(() => page.getByLabel(/Month first: “02\.03\.2026” is .*February/).isChecked()).toBe(false);
    await page.getByLabel(/Day first: “02\.03\.2026” is .*March.*\(likely\)/).check();
    await checkScreen(page, 'import-date-order');
    await preview.click();
    // The meetings the file names are offered on the days confirmed, 2 March and 3 April.
    await expect.poll(() => page.getByTestId('preview-list').textContent(), { timeout: 15_000 }).toContain('2026-03-02 09:00');
    await expect.poll(() => page.getByTestId('preview-list').textContent()).toContain('2026-04-03 09:00');
    await page.close();
  });
});
