import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import { openRollbook } from '../support/browser';
import { openAccessibility } from '../support/content-ui';
import { openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { setFaults } from '../integration/learn-support';

/**
 * The report opens with a chart of the term (with its text alternative) and a
 * strip of meetings per student, all from this device's data (so offline too); its columns sort;
 * names are in the language's order everywhere (Álvarez with the A's, not after Zhang); no figure
 * shows until every record is read. The Ally overview shows the course score as a gauge and each
 * file's score history as a sparkline. Both screens pass the screen check (tests/support/screen-check.ts).
 */
const WAIT = { timeout: 20_000 };
const COURSE = 'HIST-310-F26';

describe('report and Ally pictures in browser mode', () => {
  const demo = useDemoHost();

  it('draws the term and each student, sorts by column and in name order, online and offline', async () => {
    // The seminar's roster gets an Álvarez and a Zhang (Learn's own data, before anyone reads it).
    const directory = demo.sandbox.context().directory;
    const seminar = directory.course(`courseId:${COURSE}`);
    const students = [...directory.users.values()].filter((u) => u.userName !== 'instructor' && directory.membership(seminar.id, u.id));
    const [first, second] = students;
    if (!first || !second) throw new Error('the seminar has students');
    first.name = { ...first.name, given: 'Wei', family: 'Zhang' };
    second.name = { ...second.name, given: 'Ana', family: 'Álvarez' };

    const context = await demo.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await signInToDemo(page, demo.host);
    await openCourse(page, COURSE);

    // While Learn is slow, the report shows a skeleton and no figure at all.
    await setFaults(demo.sandbox, { latencyMs: 1500 });
    await page.getByRole('button', { name: 'Report & export' }).click();
    await expect.poll(() => page.getByTestId('report-skeleton').count(), WAIT).toBe(1);
    expect(await page.getByTestId('report-summary').count()).toBe(0);
    expect(await page.getByTestId('report-row').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export report' }).isDisabled()).toBe(true);
    await setFaults(demo.sandbox, { latencyMs: 0 });
    await expect.poll(() => page.getByTestId('report-summary').textContent(), WAIT).toMatch(/^18 students, \d+ meetings/);
    expect(await page.getByTestId('report-skeleton').count()).toBe(0);
    await checkScreen(page, 'report-chart');

    // Offline, leave and come back: everything below is drawn from this device's data.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await page.getByRole('button', { name: 'Report & export' }).click();
    await expect.poll(() => page.getByTestId('report-summary').textContent(), WAIT).toMatch(/^18 students, \d+ meetings/);
    const meetings = Number(/(\d+) meetings/.exec((await page.getByTestId('report-summary').textContent()) ?? '')?.[1]);
    expect(meetings).toBeGreaterThan(5);

    // The chart, with its text alternative, and the figures as a table.
    const chart = page.getByRole('img', { name: /^Attendance per meeting\. \d+ meetings from .+ on average \d+% present or late; lowest \d+% at / });
    expect(await chart.count()).toBe(1);
    expect(await page.getByTestId('chart-summary').textContent()).toMatch(/on average \d+% present or late/);
    await page.getByText('The chart’s figures, meeting by meeting').click();
    expect(await page.getByTestId('chart-table').locator('tbody tr').count()).toBe(meetings);
    expect(await page.getByRole('list', { name: 'Key to the statuses' }).textContent()).toMatch(/Present.*Late.*Excused.*Absent.*Not marked/);

    // A strip per student, a cell per meeting, with the statuses in words.
    expect(await page.getByTestId('status-strip').count()).toBe(18);
    const strip = page.getByRole('img', { name: /^Zhang, Wei: Meeting by meeting: / });
    expect(await strip.locator('rect').count()).toBe(meetings);
    const words = ((await strip.getAttribute('aria-label')) ?? '').replace(/^.*Meeting by meeting: /, '').split(', ');
    expect(words).toHaveLength(meetings);
    expect(await strip.locator('rect').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')))).toEqual(words.map((w) => (w === 'not marked' ? 'unmarked' : w)));

    // Names in the language's order: Álvarez before every name from B on, and so before Zhang.
    const names = await page.getByTestId('report-name').allTextContents();
    const alvarez = names.indexOf('Álvarez, Ana');
    expect(alvarez).toBeGreaterThanOrEqual(0);
    expect(alvarez).toBeLessThan(names.indexOf('Zhang, Wei'));
    expect(names.slice(0, alvarez).every((n) => /^[Aa]/.test(n))).toBe(true);

    // Sorting by a column: most absences first, then fewest; ties in name order.
    const absentColumn = page.getByTestId('report-table').getByRole('columnheader', { name: /^Absent/ });
    await absentColumn.getByRole('button').click();
    expect(await absentColumn.getAttribute('aria-sort')).toBe('descending');
    const absences = async (): Promise<number[]> => (await page.getByTestId('report-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''))).map(Number);
    const down = await absences();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(new Set(down).size).toBeGreaterThan(1);
    await absentColumn.getByRole('button').click();
    expect(await absentColumn.getAttribute('aria-sort')).toBe('ascending');
    const up = await absences();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await checkScreen(page, 'report');

    // The export, offline, from the top of the screen: the same name order.
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export report' }).click()]);
    const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
    const at = (family: string): number => lines.findIndex((l) => l.includes(`${family},`));
    expect(at('Álvarez')).toBeGreaterThan(0);
    expect(at('Álvarez')).toBeLessThan(at('Zhang'));

    // The roll call, the same order: Álvarez where the report has her (in code-unit order she came after Zhang, last).
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await page.getByRole('button', { name: /^Take roll: / }).first().click();
    await expect.poll(() => page.getByTestId('student-row').count(), WAIT).toBeGreaterThan(5);
    const ids = await page.getByTestId('student-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user-id')));
    expect(ids.indexOf(second.id)).toBe(names.indexOf('Álvarez, Ana'));

    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows the course score as a gauge and each file’s score history as a sparkline', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The host may still be signed in from the test before: then the courses show at once.
    await openRollbook(page, demo.host);
    const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
    const course = page.getByRole('button', { name: new RegExp(COURSE) });
    await expect.poll(async () => (await signIn.count()) + (await course.count()), WAIT).toBeGreaterThan(0);
    if ((await signIn.count()) > 0) await signIn.click();
    await openAccessibility(page, COURSE, WAIT);

    const scores = (await page.getByTestId('ally-file').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-score') ?? ''))).filter((s) => s !== '').map(Number);
    expect(scores.length).toBeGreaterThan(0);
    const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100);
    const gauge = page.getByRole('img', { name: new RegExp(`^Course score: the mean of ${scores.length} checked files?: ${mean}%, (low|medium|high)$`) });
    expect(await gauge.count()).toBe(1);
    expect(await page.getByTestId('gauge').textContent()).toContain(`${mean}%`);

    const sparklines = page.getByRole('img', { name: /: Score over time: \d+% \(/ });
    expect(await sparklines.count()).toBe(scores.length);
    await checkScreen(page, 'ally-overview');
    await page.close();
  });
});
