import { describe, expect, it } from 'vitest';
import { de } from '../../shared/i18n/messages/de';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { learnAs } from '../integration/learn-support';
import { startApp } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage } from '../support/language-ui';
import { attendanceWritesBetween, createMeeting, learnRollOf, openCourse, sandboxStats, takeRoll, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * Changing the language reloads the window (docs/decisions/messages-and-languages.md): a roll call
 * taken offline and left half-way must come through it whole. The changes still wait, the roll
 * call shows its marks in the new language and goes on from the first student not yet marked, and
 * back online every change reaches Learn once.
 */
const WAIT = { timeout: 20_000 };
const german = translator('de', de, en);

describe('switching the language', () => {
  const demo = useDemoHost();

  it('keeps the changes waiting to sync and the roll call in progress, and they reach Learn once', { timeout: 180_000 }, async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const title = 'E2E roll across a language switch';
    const waiting = () => page.getByTestId('waiting').textContent();
    const rows = page.getByTestId('student-row');
    const statuses = () => rows.evaluateAll((all) => all.slice(0, 6).map((r) => r.querySelector('[data-testid="student-status"]')?.textContent ?? ''));

    // Online once, so the course's roster and meetings are on this device.
    await startApp(page, demo);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    const before = await sandboxStats(demo.host);

    // Offline: a new meeting, one student marked with the mouse, three with the keys, then left.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await createMeeting(page, { title, date: '2026-12-03', start: '09:00', end: '10:15' });
    await takeRoll(page, title, {});
    await rows.first().locator('xpath=..').getByRole('button', { name: /^Present: / }).click();
    await rows.nth(1).focus();
    for (const key of ['a', 'l', 'e']) await page.keyboard.press(key);
    await page.locator('[data-saving]').first().waitFor({ state: 'detached' });
    await expect.poll(statuses, WAIT).toEqual(['Present', 'Absent', 'Late', 'Excused', '—', '—']);
    const marked = await rows.evaluateAll((all) => all.slice(0, 5).map((r) => r.getAttribute('data-user-id') ?? ''));
    await expect.poll(waiting, WAIT).toBe('5 changes waiting');
    const rollCall = await page.evaluate(() => location.hash);

    // The language changes in Settings and the window reloads. The page itself comes from the local
    // host, so the browser is let online for the reload (and the app's start) while every sync is
    // refused: what shows afterwards came from this device.
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await chooseLanguage(page, 'de');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'de', dir: 'ltr' });
    await expect.poll(waiting, WAIT).toBe(german('ui.sync.waiting', { count: 5 }));
    await context.setOffline(true);
    await page.unroute('**/ipc/sync.push');
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe(german('frame.status.offline'));
    // Signing out now would keep them here: the dialog says so in German, the demo named in German too.
    await page.getByRole('banner').getByRole('button', { name: german('frame.signOut'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: german('frame.signOut.title') });
    const user = (await learnAs(demo.sandbox, 'instructor').learn.courses.getUser('me')).name;
    await expect.poll(() => dialog.getByTestId('sign-out-offline').textContent(), WAIT).toBe(german('frame.signOut.offline', { where: german('frame.signOut.toDemoAs', { user: `${user?.given} ${user?.family}` }) }));
    await dialog.getByRole('button', { name: german('frame.signOut.cancel'), exact: true }).click();

    // The roll call: the same marks, in German, and the keys go on from the first student not yet marked.
    await go(page, rollCall);
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(5);
    const [present, absent, late, excused] = (['present', 'absent', 'late', 'excused'] as const).map((s) => german(`ui.status.${s}`));
    await expect.poll(statuses, WAIT).toEqual([present, absent, late, excused, '—', '—']);
    await page.getByTestId('roll-call-list').focus();
    await page.keyboard.press('p');
    await expect.poll(statuses, WAIT).toEqual([present, absent, late, excused, present, '—']);
    await page.locator('[data-saving]').first().waitFor({ state: 'detached' });
    await expect.poll(waiting, WAIT).toBe(german('ui.sync.waiting', { count: 6 }));

    // Leaving the roll call lets its marks go (a roll being taken holds them back); back online,
    // sync runs by itself, and Learn holds the meeting once and each mark once.
    await go(page, '#/today');
    await context.setOffline(false);
    await expect.poll(waiting, { timeout: 30_000 }).toBe(german('ui.sync.waiting', { count: 0 }));
    const after = await sandboxStats(demo.host);
    const records = await learnRollOf(demo.sandbox, title);
    expect(Object.fromEntries(records.map((r) => [r.userId, r.status]))).toEqual(Object.fromEntries(marked.map((u, i) => [u, ['Present', 'Absent', 'Late', 'Excused', 'Present'][i]])));
    // A new meeting's records are created, one each: none sent twice, none left behind.
    expect(attendanceWritesBetween(before, after)).toEqual({
      'POST /learn/api/public/v1/courses/:courseId/meetings': 1,
      'POST /learn/api/public/v1/courses/:courseId/meetings/:meetingId/users': 5,
    });
    await context.close();
  });
});
