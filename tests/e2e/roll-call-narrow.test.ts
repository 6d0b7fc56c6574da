import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';

/**
 * The roll call in a phone-width window. The P/A/L/E buttons stay whole and at least
 * 44 px, names do not spill over them, a tap marks the student, and the list passes axe (WCAG 2.2
 * AA, target size included) at 390 and 1280 px, light and dark.
 */
describe('roll call at any width', () => {
  const demo = useDemoHost();

  it('marks by tap at 390 px with whole 44 px buttons, and has no axe violation at 390 and 1280 px, light and dark', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'E2E narrow roll', date: '2026-11-30', start: '09:00', end: '10:00' });

    // The students come first: on a phone's first screen (844 px tall, nothing scrolled), once the
    // sync bar is back to one line, four or five whole rows are in view under the app's header, the
    // sync bar, the tabs and the roll call's compact heading and tools (three before they were
    // compacted); scrolled to the roll call's heading, six or more.
    await expect.poll(() => page.getByTestId('syncing').count(), { timeout: 60_000 }).toBe(0);
    const wholeRows = () =>
      page.getByTestId('student-row').evaluateAll((cells) =>
        cells.map((c) => c.closest('[role="row"]')!.getBoundingClientRect()).filter((r) => r.top >= 0 && r.bottom <= innerHeight).length,
      );
    expect(await wholeRows()).toBeGreaterThanOrEqual(4);
    await page.getByRole('heading', { level: 1 }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    expect(await wholeRows()).toBeGreaterThanOrEqual(6);
    await page.evaluate(() => scrollTo(0, 0));

    // A toast comes in at the top, never over the rows being tapped.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Nothing to undo' });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const rowTops = await page.getByTestId('student-row').evaluateAll((cells) => cells.map((c) => c.closest('[role="row"]')!.getBoundingClientRect().top));
    expect(rowTops.every((top) => top >= toastBox.y + toastBox.height)).toBe(true);

    const second = page.getByTestId('student-row').nth(1);
    const name = ((await second.locator('.name').textContent()) ?? '').split(', ');
    const late = page.getByRole('button', { name: `Late: ${name[1]} ${name[0]}`, exact: true });
    const box = await late.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The name is cut with an ellipsis inside its own box, never drawn over the buttons.
    const nameBox = await second.locator('.name').boundingBox();
    expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(390);

    await late.click();
    await expect.poll(() => second.getByTestId('student-status').textContent()).toBe('Late');
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('1 late');
    await expect.poll(() => second.getAttribute('data-saving')).toBeNull();
    await checkScreen(page, 'roll-call');

    // The sticky header keeps the list on screen: one short line, the key and options folded behind one button.
    const header = page.getByTestId('roll-call-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
    expect(await page.getByLabel('Seating order').isVisible()).toBe(false);
    const more = page.getByRole('button', { name: 'Key and options' });
    await more.click();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByLabel('Seating order').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('list', { name: 'Key to the statuses' }).isVisible()).toBe(true);
    await checkScreen(page, 'roll-call-options');
    await more.click();

    // At 360 px, a mark waiting to sync says so under its status word; the student's name stays
    // whole (the note used to take the name's room: "Aba…").
    await page.setViewportSize({ width: 360, height: 780 });
    await page.context().setOffline(true);
    const third = page.getByTestId('student-row').nth(2);
    const [family, given] = ((await third.locator('.name').textContent()) ?? '').split(', ');
    await page.getByRole('button', { name: `Absent: ${given} ${family}`, exact: true }).click();
    await expect.poll(() => third.getByText('waiting to sync').count()).toBe(1);
    expect(await third.locator('.name').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await checkScreen(page, 'roll-call-waiting');
    await page.context().setOffline(false);
    await page.close();
  }, 180_000);
});
