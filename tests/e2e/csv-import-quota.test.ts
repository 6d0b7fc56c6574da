import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { learnRollOf, openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * An import bigger than what the site has left of its daily Learn requests: the preview says how
 * many it takes against what is left, offers to send it over two days, oldest meetings first, and
 * the import sends what fits today; a roll call taken meanwhile still syncs; once the site's day
 * turns (Learn's clock and the app's), the rest goes, and every record on Learn is the file's,
 * none missing, none twice.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const MEETINGS = 8;
/** 60 % Present, 40 % Absent: per meeting a bulk and 120 exceptions is the fewest requests. */
const statusOf = (i: number): AttendanceStatus => (i % 5 < 3 ? 'Present' : 'Absent');
const title = (j: number): string => `Quota day ${j + 1}`;

async function control(sandbox: RunningSandbox, path: string, body: unknown): Promise<void> {
  const res = await sandbox.controlFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
}

describe('an import above what the site has left today', () => {
  const demo = useDemoHost();

  it('says so with the numbers, sends it over two days oldest first, and loses or doubles nothing', { timeout: 240_000 }, async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' })))
      .filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes')
      .map((m) => ({ userId: m.userId, userName: m.user?.userName ?? '' }));
    const meetingsOnLearn = (await collect(learn.attendance.listMeetings(PSYC))).length;
    expect(students).toHaveLength(300);
    // By hand: the roster (3 pages), the meeting list, then per new meeting a POST, a bulk, 120 PATCHes and 3 pages to check the bulk.
    const expected = 3 + Math.ceil(meetingsOnLearn / 100) + MEETINGS * (1 + 1 + 120 + 3);

    const lines = ['User name,Meeting title,Start,End,Status'];
    for (let j = 0; j < MEETINGS; j++) {
      const start = new Date(Date.UTC(2027, 1, 1, 14) + j * DAY_MS);
      const end = new Date(start.getTime() + 3_600_000).toISOString();
      for (const [i, s] of students.entries()) lines.push(`${s.userName},${title(j)},${start.toISOString()},${end},${statusOf(i + j)}`);
    }
    const path = join(mkdtempSync(join(tmpdir(), 'rollbook-quota-')), 'term.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);

    // A site of 1,000 requests a day: the import takes about 1,004. Set before the app starts, so
    // the answers it reads at launch carry it (a preview that needs no new read uses what it knows).
    await control(demo.sandbox, '/__sandbox/quota', { limit: 1000 });
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles(path);
    await page.getByRole('button', { name: 'Preview the import' }).click({ timeout: 60_000 });
    await page.getByLabel(`Create all ${MEETINGS} missing meetings`).check({ timeout: 60_000 });
    const estimate = page.getByTestId('import-estimate');
    await expect.poll(() => estimate.textContent()).toMatch(new RegExp(`Sending this import takes about ${expected.toLocaleString('en-US')} Learn requests: more than the (\\d+) left today on this site \\(resets at `));
    const left = Number(/more than the (\d+) left/.exec((await estimate.textContent()) ?? '')?.[1]);
    expect(left).toBeLessThanOrEqual(1000);
    expect(left).toBeGreaterThan(900);
    const overDays = page.getByRole('radio', { name: /^Send over 2 days, oldest meetings first/ });
    expect(await overDays.isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: /^Send it all now/ }).isChecked()).toBe(false);
    const days = (await page.getByTestId('import-days').textContent()) ?? '';
    const today = Number(/Today: (\d+) meetings/.exec(days)?.[1]);
    expect(today).toBeGreaterThan(0);
    expect(today).toBeLessThan(MEETINGS);
    expect(days).toContain(`${MEETINGS - today} meeting`);
    // The plan in view, for the screenshots.
    await page.getByRole('group', { name: 'When to send it' }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'import-preview-over-days');

    await page.getByRole('button', { name: `Import ${(MEETINGS * 300).toLocaleString('en-US')} changes` }).click();
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 60_000 }).toContain(`wait on this device for`);
    // Today's part reaches Learn; the later meetings wait, named as scheduled.
    const later = (MEETINGS - today) * 300;
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 120_000 }).toBe(`${(later + MEETINGS - today).toLocaleString('en-US')} changes waiting`);
    await expect.poll(() => page.getByTestId('past-import').first().textContent()).toMatch(new RegExp(`${later.toLocaleString('en-US')} of them scheduled for (later today|\\w+day)`));
    const onLearn = async () => (await collect(learn.attendance.listMeetings(PSYC))).map((m) => m.title ?? '');
    expect((await onLearn()).filter((t) => t.startsWith('Quota day')).sort()).toEqual(Array.from({ length: today }, (_, j) => title(j)));

    // A roll call taken today still syncs.
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await takeRoll(page, title(0), {});
    const row = page.getByTestId('student-row').first();
    const first = { userId: (await row.getAttribute('data-user-id')) ?? '' };
    await row.focus();
    await page.keyboard.press('l');
    await expect.poll(async () => (await learnRollOf(demo.sandbox, title(0))).find((r) => r.userId === first.userId)?.status, { timeout: 30_000, interval: 2000 }).toBe('Late');

    // The site's day turns: Learn's clock, and the app's.
    await control(demo.sandbox, '/__sandbox/clock', { advanceMs: DAY_MS });
    await page.clock.setSystemTime(Date.now() + DAY_MS);
    await page.getByTestId('sync-now').click();
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 120_000 }).toBe('0 changes waiting');

    // Every record on Learn is the file's (and the one tap's), once.
    const titles = await onLearn();
    for (let j = 0; j < MEETINGS; j++) {
      expect(titles.filter((t) => t === title(j)), title(j)).toHaveLength(1);
      const roll = await learnRollOf(demo.sandbox, title(j));
      expect(roll).toHaveLength(300);
      const want = new Map(students.map((s, i) => [s.userId, j === 0 && s.userId === first.userId ? 'Late' : statusOf(i + j)]));
      expect(roll.filter((r) => want.get(r.userId) !== r.status).map((r) => r.userId), title(j)).toEqual([]);
    }
    await context.close();
  });
});
