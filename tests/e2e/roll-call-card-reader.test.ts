import { describe, expect, it } from 'vitest';
import { createMeeting, learnRollOf, openCourse, signInToDemo, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * A card reader at the door (docs/decisions/card-reader-at-the-door.md), as a keyboard wedge types:
 * the card's characters 20 ms apart, then Enter (the mark is on screen in the next frame), into the roll call's "Scan cards" field, with the
 * network cut. A card names a student by student id (in any case, inside a magnetic track's
 * sentinels) or user name (leading zeros: tests/unit/card-match.test.ts); a second scan changes nothing; an unknown card is said and listed;
 * the marks wait in the outbox like taps and reach Learn once, when the network returns.
 */
describe('a card reader at the door', () => {
  const demo = useDemoHost();

  it('marks each student scanned, offline, once; says and lists an unknown card; Learn gets exactly those marks', { timeout: 180_000 }, async () => {
    const ctx = demo.sandbox.context();
    const students = ctx.directory
      .courseMemberships(ctx.directory.course('courseId:PSYC-101-F26').id)
      .filter((m) => m.courseRoleId === 'Student')
      .map((m) => ({ userId: m.userId, user: ctx.directory.users.get(m.userId)! }))
      .filter((s) => s.user.studentId !== undefined)
      .slice(0, 3);
    expect(students).toHaveLength(3);
    const [first, second, third] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const nameOf = (s: typeof first): string => `${s.user.name?.given ?? ''} ${s.user.name?.family ?? ''}`.trim();

    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await context.setOffline(true);
    const title = 'Lecture at the door';
    await createMeeting(page, { title, date: '2026-11-30', start: '09:00', end: '10:15' });
    await takeRoll(page, title, {});

    await page.getByRole('button', { name: 'Scan cards' }).click();
    const field = page.getByTestId('scan-field');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    const scan = async (card: string): Promise<void> => {
      await page.keyboard.type(card, { delay: 20 });
      await page.keyboard.press('Enter');
    };
    const last = page.getByTestId('scan-last');
    // The list draws only the rows in view: the counts line says what the marks are.
    const counts = () => page.getByTestId('counts').textContent();

    // What the first frame after the reader's Enter shows: the mark is there already.
    await field.evaluate((el) =>
      el.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') requestAnimationFrame(() => ((window as { afterEnter?: string }).afterEnter = document.querySelector('[data-testid="counts"]')?.textContent ?? ''));
      }),
    );
    // A magnetic card: track sentinels around the student id; its "?" opens no Help.
    await scan(`;${first.user.studentId!}?`);
    await expect.poll(() => last.textContent()).toContain(`${nameOf(first)}: Present`);
    expect(await page.evaluate(() => (window as { afterEnter?: string }).afterEnter)).toContain('1 present, 0 absent, 0 late, 0 excused, 299 not marked');
    await expect.poll(counts).toContain('1 present, 0 absent, 0 late, 0 excused, 299 not marked');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Roll call: ${title}`);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('2 changes waiting');

    // The same card again: nothing new.
    await scan(first.user.studentId!);
    await expect.poll(() => last.textContent()).toContain(`${nameOf(first)} is already Present: nothing changed`);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('2 changes waiting');

    // A user name, in capitals.
    await scan(second.user.userName.toUpperCase());
    await expect.poll(() => last.textContent()).toContain(`${nameOf(second)}: Present`);
    await expect.poll(counts).toContain('2 present, 0 absent, 0 late, 0 excused, 298 not marked');

    // An unknown card is said and listed for later.
    await scan('99999999');
    await expect.poll(() => last.textContent()).toContain('No student in this course has the card 99999999');
    expect(await page.getByTestId('scan-unknown').textContent()).toContain('99999999');

    // Late from now on; a card whose reader sends lower case.
    await page.getByLabel('Mark as').selectOption('Late');
    await field.focus();
    await scan(third.user.studentId!.toLowerCase());
    await expect.poll(() => last.textContent()).toContain(`${nameOf(third)}: Late`);
    await expect.poll(counts).toContain('2 present, 0 absent, 1 late, 0 excused, 297 not marked');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('4 changes waiting');
    await checkScreen(page, 'roll-call-card-reader');

    // The network returns: the scans reach Learn like taps, once each.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 60_000 }).toBe('0 changes waiting');
    const records = await learnRollOf(demo.sandbox, title);
    expect(Object.fromEntries(records.map((r) => [r.userId, r.status]))).toEqual({ [first.userId]: 'Present', [second.userId]: 'Present', [third.userId]: 'Late' });
    await context.close();
  });
});
