import { describe, expect, it } from 'vitest';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost, learnRollOf, waitForMeetings } from '../support/roll-call-ui';
import { setBulkCovers } from '../support/sandbox-controls';
import { checkScreen } from '../support/screen-check';

// The whole path a user walks, in the built renderer against the real core and sandbox:
// sign in to the demo, open the 300-student lecture, create a meeting, take roll by keyboard,
// mark everyone else present, see the counts, let the changes sync by themselves, and find
// exactly that roll in Learn.
describe('roll call in browser mode', () => {
  const demo = useDemoHost();

  it('takes roll by keyboard, marks the rest present, and syncs exactly that roll to Learn without a press of Sync', async () => {
    // Whom Learn's bulk covers is not this test's subject: students only, as the sandbox did before
    // its default became the Swagger's "all users in the course".
    await setBulkCovers(demo.sandbox, 'students');
    const page = await demo.browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const title = 'E2E keyboard roll';
    await signInToDemo(page, demo.host);
    await page.getByRole('button', { name: /PSYC-101-F26/ }).waitFor();
    await checkScreen(page, 'courses');
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await checkScreen(page, 'meetings');
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-23', start: '09:00', end: '10:00' });

    // Keyboard alone: focus the first student, then A, L, E (each moves to the next student).
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await page.keyboard.press('e');
    // Back up one and change Excused to Absent, then undo that change.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('a');
    await page.keyboard.press('Control+z');
    const marked = await page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-user-id') ?? ''));
    await expect.poll(() => page.getByTestId('student-status').first().textContent()).toBe('Absent');
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('0 present, 1 absent, 1 late, 1 excused, 297 not marked');


    // Virtualised: 300 students, about a screenful of rows in the DOM; focus stays on the list and
    // the student it names as active (what a screen reader announces) follows the keys, in view
    // even when it was scrolled out (End, then back with Home and the arrows).
    await expect.poll(() => page.getByTestId('student-row').count()).toBeLessThan(40);
    const focusedPosition = (): Promise<string | null> =>
      page.evaluate(() => {
        const list = document.activeElement;
        if (list?.getAttribute('role') !== 'grid') return null;
        const row = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
        const view = list.getBoundingClientRect();
        const box = row?.getBoundingClientRect();
        const inView = box !== undefined && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
        return inView ? (row?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? null) : 'not in view';
      });
    // The most rows the list ever holds from here on: a jump draws the rows around the new view,
    // not every row between the old one and it (the overscan follows the active row when idle).
    await page.evaluate(() => {
      const list = document.querySelector('[data-testid="roll-call-list"]')!;
      const w = window as unknown as { __mostRows: number };
      w.__mostRows = 0;
      new MutationObserver(() => (w.__mostRows = Math.max(w.__mostRows, list.querySelectorAll('[data-testid="student-row"]').length))).observe(list, { childList: true, subtree: true });
    });
    await page.keyboard.press('End');
    await expect.poll(focusedPosition).toBe('300');
    expect(await page.evaluate(() => (window as unknown as { __mostRows: number }).__mostRows)).toBeLessThan(40);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedPosition).toBe('2');

    await page.getByRole('button', { name: 'Mark everyone not yet marked Present' }).click();
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('297 present, 1 absent, 1 late, 1 excused, 0 not marked');

    // Online, the changes go out by themselves shortly after the last one: nobody presses Sync.
    // Learn is asked, not the count: on a slow machine the presses can go out in a push of their own
    // before "Mark everyone", so the count can still read 0 in the moment before the 297 are counted.
    await expect.poll(async () => (await learnRollOf(demo.sandbox, title)).length, { timeout: 30_000 }).toBe(300);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('last-sync').textContent()).not.toContain('never');
    await checkScreen(page, 'roll-call-synced');

    const records = await learnRollOf(demo.sandbox, title);
    const byUser = new Map(records.map((r) => [r.userId, r.status]));
    expect(records).toHaveLength(300);
    expect(marked.map((u) => byUser.get(u))).toEqual(['Absent', 'Late', 'Excused']);
    expect(records.filter((r) => r.status === 'Present')).toHaveLength(297);
    // Every screen on the way ran under the strict CSP (positions via style: directives, no inline styles).
    expect(violations).toEqual([]);
    await page.close();
  });
});
