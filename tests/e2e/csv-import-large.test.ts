import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { answerConfirm } from '../support/design-ui';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { countsLine, openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * A 100,000-row file, 300 students x 334 new meetings, read in the worker,
 * planned in slices and written by the import worker in one transaction: the screen shows how far
 * the write has come, every row lands (the result, the waiting count, a meeting's roll), and the
 * whole import can be undone while it waits for Learn. Offline, so nothing reaches the sandbox and
 * the other tests' Learn data is untouched. How long the window's tasks last is a benchmark figure
 * (`csv.chromium.longestTaskMs`, bench/sections/csv-chromium.ts), not asserted here: timings flake
 * on a loaded machine.
 */
const MEETINGS = 334;
/** What the file's status words mean (Learn's spellings and the keys' letters, any case). */
const STATUS_OF: Record<string, AttendanceStatus> = { P: 'Present', absent: 'Absent', Late: 'Late', e: 'Excused', Present: 'Present' };

describe('a 100,000-row CSV import in browser mode', () => {
  const demo = useDemoHost();

  it('reads, previews and writes it, showing progress, and undoes it as a whole', async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' })))
      .filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes')
      .map((m) => ({ userId: m.userId, userName: m.user?.userName ?? '' }));
    const words = ['P', 'absent', 'Late', 'e', 'Present'];
    const lines = ['User name,Meeting title,Start,End,Status'];
    for (let j = 0; j < MEETINGS; j++) {
      const start = new Date(Date.UTC(2027, 0, 4, 14) + j * 86_400_000);
      const end = new Date(start.getTime() + 3_600_000).toISOString();
      for (const [i, s] of students.entries()) lines.push(`${s.userName},Bulk ${j + 1},${start.toISOString()},${end},${words[(i + j) % words.length]}`);
    }
    const rows = lines.length - 1;
    expect(rows).toBeGreaterThanOrEqual(100_000);

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // Shown, so its files are loaded (screens off the roll-call path load when first opened).
    await page.getByRole('heading', { name: 'Choose a file', level: 2 }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');

    // From a file on disk: a buffer would be rebuilt inside the page by Playwright, a long task of its own.
    const path = join(mkdtempSync(join(tmpdir(), 'rollbook-csv-')), 'term.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles(path);
    await expect.poll(() => page.getByTestId('file-facts').textContent(), { timeout: 120_000 }).toContain(`${rows.toLocaleString('en-US')} rows`);
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 120_000 }).toBe(`0 new, 0 changed, 0 unchanged, ${rows.toLocaleString('en-US')} errors`);
    await page.getByLabel(`Create all ${MEETINGS} missing meetings`).check();
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toBe(`${rows.toLocaleString('en-US')} new, 0 changed, 0 unchanged, 0 errors`);
    // The preview is virtual: a screenful of rows in the page, not 100,000.
    await expect.poll(() => page.getByTestId('preview-row').count()).toBeLessThan(40);

    await page.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} changes` }).click();
    // Saving takes a while: it shows how far it has come (some progress before the end).
    await expect.poll(() => page.getByTestId('import-progress').textContent(), { timeout: 60_000 }).toMatch(/^([1-9]|[1-9]\d)%$/);
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 180_000 }).toContain(`${rows.toLocaleString('en-US')} changes saved, ${MEETINGS} meetings created`);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 60_000 }).toBe(`${(rows + MEETINGS).toLocaleString('en-US')} changes waiting`);

    // The roll call of one imported meeting shows its statuses.
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await takeRoll(page, `Bulk ${MEETINGS}`, {}); // the last: no other title starts with it
    const lastRoll = students.map((_, i) => STATUS_OF[words[(i + MEETINGS - 1) % words.length] ?? ''] ?? null);
    await expect.poll(() => page.getByTestId('counts').textContent()).toBe(countsLine(lastRoll));

    // Undo the whole import: every status and the 334 meetings it created go, nothing waits.
    await page.getByRole('button', { name: 'PSYC-101-F26 meetings' }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const past = page.getByTestId('past-import');
    await expect.poll(() => past.textContent(), { timeout: 60_000 }).toContain(`${rows.toLocaleString('en-US')} changes waiting for Learn`);
    await past.getByRole('button', { name: 'Undo this import' }).click();
    await answerConfirm(page, 'Undo import');
    await expect.poll(() => page.getByTestId('import-standing').textContent(), { timeout: 180_000 }).toMatch(/^Undone /);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 60_000 }).toBe('0 changes waiting');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await waitForMeetings(page);
    await expect.poll(() => page.getByRole('button', { name: /^Take roll: Bulk / }).count()).toBe(0);
    await context.close();
    rmSync(dirname(path), { recursive: true, force: true });
  }, 480_000);
});
