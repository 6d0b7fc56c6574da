import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * Issue 6: a 100,000-row file never freezes the window. 300 students x 334 new meetings, read in
 * the worker, planned in slices, written in one transaction, with the window answering all the
 * way: no task on the main thread over LONGEST_TASK_MS (Chromium's Long Tasks API). Offline, so
 * nothing reaches the sandbox and the other tests' Learn data is untouched.
 */
const MEETINGS = 334;
/**
 * A frozen window takes many seconds (this test once caught a 13 s one). Measured on the 2-core
 * CI machine: 0.23 to 0.49 s on earlier runs, 1.48 s (running alone) once when the machine ran
 * about 40% slower; the slowest task is probably the past-imports list reading back the import's
 * row of 100,000 changes. 2.5 s keeps the test about the freeze, not about the machine's speed.
 */
const LONGEST_TASK_MS = 2500;

describe('a 100,000-row CSV import in browser mode', () => {
  const demo = useDemoHost();

  it('reads, previews and writes it, showing progress, without freezing the window', async () => {
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
    await page.addInitScript(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // Shown, so its files are loaded (screens off the roll-call path load when first opened).
    await page.getByRole('heading', { name: 'Choose a file', level: 3 }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await page.evaluate(() => ((window as unknown as { longest: number }).longest = 0));

    const t0 = performance.now();
    // From a file on disk: a buffer would be rebuilt inside the page by Playwright, a long task of its own.
    const path = join(mkdtempSync(join(tmpdir(), 'rollbook-csv-')), 'term.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles(path);
    await expect.poll(() => page.getByTestId('file-facts').textContent(), { timeout: 120_000 }).toContain(`${rows.toLocaleString('en-US')} rows`);
    // The longest task per step, logged so a regression names the step; the assertion takes the worst.
    let longest = 0;
    const phase = async (name: string): Promise<void> => {
      const l = await page.evaluate(() => {
        const w = window as unknown as { longest: number };
        const v = w.longest;
        w.longest = 0;
        return v;
      });
      longest = Math.max(longest, l);
      console.info(`${name}: ${Math.round(performance.now() - t0)} ms, longest task ${Math.round(l)} ms`);
    };
    await phase('read');
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 120_000 }).toBe(`0 new, 0 changed, 0 unchanged, ${rows.toLocaleString('en-US')} errors`);
    await phase('planned');
    await page.getByLabel(`Create all ${MEETINGS} missing meetings`).check();
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toBe(`${rows.toLocaleString('en-US')} new, 0 changed, 0 unchanged, 0 errors`);
    await phase('create all');
    // The preview is virtual: a screenful of rows in the page, not 100,000.
    await expect.poll(() => page.getByTestId('preview-row').count()).toBeLessThan(40);

    await page.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} changes` }).click();
    // Saving takes a while: it shows how far it has come (some progress before the end).
    await expect.poll(() => page.getByTestId('import-progress').textContent(), { timeout: 60_000 }).toMatch(/^([1-9]|[1-9]\d)%$/);
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 180_000 }).toContain(`${rows.toLocaleString('en-US')} changes saved, ${MEETINGS} meetings created`);
    await phase('written');
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 60_000 }).toBe(`${rows + MEETINGS} changes waiting`);

    await phase('settled');
    console.info(`longest main-thread task during the 100,000-row import: ${Math.round(longest)} ms`);
    expect(longest).toBeLessThan(LONGEST_TASK_MS);

    // The roll call of one imported meeting shows its statuses.
    await page.getByRole('button', { name: 'Meetings' }).click();
    await takeRoll(page, `Bulk ${MEETINGS}`, {}); // the last: no other title starts with it
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('0 not marked');
    await context.close();
    rmSync(dirname(path), { recursive: true, force: true });
  }, 480_000);
});
