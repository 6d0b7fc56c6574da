import { describe, expect, it } from 'vitest';
import { createMeetingAndTakeRoll, learnRollOf, openCourse, sandboxStats, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { setBulkCovers } from '../support/sandbox-controls';
import { checkScreen } from '../support/screen-check';

// Undo that reaches Learn: marks that already synced are taken back on Learn too, the records the
// action created deleted, so Learn holds exactly what it held before. The roll call takes keys
// from its first screen, and a screen reader's tap button marks a student.
describe('roll call undo after the sync', () => {
  const demo = useDemoHost();

  it('"Mark everyone" then Undo from its toast, after the sync, leaves every record in Learn as it was', async () => {
    await setBulkCovers(demo.sandbox, 'students');
    const page = await demo.browser.newPage();
    const title = 'E2E undo reaches Learn';
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-24', start: '09:00', end: '10:00' });

    // No Tab: P marks the first student not yet marked, where the screen opened.
    const rows = page.getByTestId('student-row');
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('student-status').first().textContent()).toBe('Present');
    const first = await rows.first().getAttribute('data-user-id');

    // A screen reader's tap: the third student's "Late" button, found by its accessible name.
    const third = rows.nth(2);
    const name = (await third.locator('.name').textContent())!.split(', ').reverse().join(' ');
    await page.getByRole('button', { name: `Late: ${name}`, exact: true }).click();
    await expect.poll(() => third.getByTestId('student-status').textContent()).toBe('Late');

    // Ctrl+Z takes the tap back and the cursor returns to that student; then it is marked again by key.
    await page.keyboard.press('Control+z');
    await expect.poll(() => third.getByTestId('student-status').textContent()).toBe('—');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant'))).toBe(`student-${await third.getAttribute('data-user-id')}`);
    await page.keyboard.press('l');
    await expect.poll(() => third.getByTestId('student-status').textContent()).toBe('Late');

    // What Learn holds before "Mark everyone": the two marks, once they synced.
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(async () => (await learnRollOf(demo.sandbox, title)).length, { timeout: 30_000 }).toBe(2);
    const before = (await learnRollOf(demo.sandbox, title)).map((r) => ({ id: r.id, userId: r.userId, status: r.status })).sort((a, b) => a.id - b.id);
    expect(before.map((r) => r.userId)).toContain(first);

    // The button says how many it will mark.
    const markAll = page.getByRole('button', { name: 'Mark everyone not yet marked Present (298 students)' });
    await markAll.click();
    await expect.poll(async () => (await learnRollOf(demo.sandbox, title)).length, { timeout: 30_000 }).toBe(300);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');

    // The toast is on screen, says what was done and offers Undo; it is still there after the sync.
    const toast = page.getByTestId('toast').filter({ hasText: 'Marked 298 students Present' });
    await expect.poll(() => toast.isVisible(), { timeout: 30_000 }).toBe(true);
    const deletesBefore = (await sandboxStats(demo.host)).byRoute;
    await toast.getByRole('button', { name: 'Undo' }).click();

    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: 30_000 }).toContainEqual(expect.stringContaining('Undone: 298 students back as before, here and in Learn'));
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: 'Undone: 298' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await checkScreen(page, 'roll-call-undo-toast');
    await expect.poll(async () => (await learnRollOf(demo.sandbox, title)).length, { timeout: 30_000 }).toBe(2);
    const after = (await learnRollOf(demo.sandbox, title)).map((r) => ({ id: r.id, userId: r.userId, status: r.status })).sort((a, b) => a.id - b.id);
    expect(after).toEqual(before);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('1 present, 0 absent, 1 late, 0 excused, 298 not marked');
    const stats = (await sandboxStats(demo.host)).byRoute;
    const deletes = Object.entries(stats).filter(([route]) => route.startsWith('DELETE')).map(([route, n]) => [route, n - (deletesBefore[route] ?? 0)] as const);
    // One request a record the action created (two students' records stay, so not the meeting's delete-all).
    expect(deletes.reduce((n, [, d]) => n + d, 0)).toBe(298);
    await page.close();
  }, 300_000);
});
