import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { learnAs, PSYC, setFaults } from '../integration/learn-support';
import { saveScreen } from '../support/design-ui';
import { openRollbook } from '../support/browser';
import { signInToDemo, signOut, useDemoHost } from '../support/roll-call-ui';

// Today paints from the device's copy and reads Learn after, never waiting for
// the site check; a first run shows "Loading", never a figure it cannot know yet.
describe('Today, a quick start', () => {
  const demo = useDemoHost();
  const TITLE = 'Quick start check';
  /** Far longer than any wait below: what shows meanwhile cannot have come from Learn's slow answer. */
  const SLOW_MS = 30_000;

  /** Every text the lecture's course card has shown, from its first paint (recorded in the page). */
  async function watchLectureCard(page: Page): Promise<void> {
    await page.addInitScript(`(() => {
      const seen = (window.__lectureCard = []);
      const note = () => {
        for (const card of document.querySelectorAll('.today-course')) {
          const text = card.textContent || '';
          if (text.includes('PSYC-101-F26') && seen.at(-1) !== text) seen.push(text);
        }
      };
      document.addEventListener('DOMContentLoaded', () => new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true }));
    })();`);
  }

  it('shows the courses while the site check still waits for Learn, with no figure before it is known', async () => {
    // Only the site check reads the calendar at a start: it is the one left waiting.
    await setFaults(demo.sandbox, { latencyMs: SLOW_MS, pathPattern: '/calendars' });
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    await watchLectureCard(page);
    await signInToDemo(page, demo.host);
    const lecture = page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    // The lecture has met all term: its card says so once its meetings are read.
    await expect.poll(() => lecture.textContent(), { timeout: 15_000 }).toMatch(/Next meeting.*Attendance/);
    await expect.poll(() => lecture.textContent(), { timeout: 15_000 }).not.toContain('Loading');
    await page.getByRole('button', { name: /PSYC-101-F26/ }).click({ trial: true });
    // Never a guess on the way: no "No meetings yet" or "None planned" before Learn's list was read.
    const seen = await page.evaluate(() => (window as unknown as { __lectureCard: string[] }).__lectureCard);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes('No meetings yet'))).toEqual([]);
    await setFaults(demo.sandbox, { latencyMs: 0, pathPattern: null });
    await signOut(page);
    await context.close();
  });

  it('opens on a first start without waiting for meetings Learn is slow to send, and says it reads them until they come', async () => {
    // The course list comes at once, each course's meetings far later than the screens wait for
    // them as the store opens (a second: features/today/first-lists.ts).
    const MEETINGS_LATE_MS = 8_000;
    await setFaults(demo.sandbox, { latencyMs: MEETINGS_LATE_MS, pathPattern: '/meetings' });
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    await watchLectureCard(page);
    await signInToDemo(page, demo.host);
    // Today is open, saying what it waits for, before any meetings answer has come.
    await expect.poll(() => page.getByText('Reading your courses and meetings from Learn…').isVisible(), { timeout: MEETINGS_LATE_MS - 2_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Today' }).isVisible()).toBe(true);
    // Then the courses, in one paint with their figures: never "No meetings yet" before Learn's list came.
    const lecture = page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    await expect.poll(() => lecture.textContent(), { timeout: 20_000 }).toMatch(/Next meeting.*Attendance/);
    const seen = await page.evaluate(() => (window as unknown as { __lectureCard: string[] }).__lectureCard);
    expect(seen.filter((text) => text.includes('No meetings yet'))).toEqual([]);
    await setFaults(demo.sandbox, { latencyMs: 0, pathPattern: null });
    await signOut(page);
    await context.close();
  });

  it('asks Learn once for the course list and once per course for its meetings on a first start (the read begun at sign-in is Today’s own)', async () => {
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    // Every call the page makes to the host for Learn's data, as channel and request.
    await page.addInitScript(`(() => {
      const calls = (window.__learnCalls = []);
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const path = new URL(String(input), location.href).pathname;
        if (path.startsWith('/ipc/learn.')) calls.push(path.slice(5) + ' ' + String(init && init.body));
        return send(input, init);
      };
    })();`);
    await signInToDemo(page, demo.host);
    const cards = page.locator('.today-course');
    await expect.poll(() => cards.filter({ hasText: 'Next meeting' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.today-course .skeleton').count(), { timeout: 15_000 }).toBe(0);
    const calls = await page.evaluate(() => (window as unknown as { __learnCalls: string[] }).__learnCalls);
    await signOut(page);
    await context.close();
    expect(calls.filter((c) => c.startsWith('learn.myCourses'))).toHaveLength(1);
    const meetings = calls.filter((c) => c.startsWith('learn.meetings'));
    expect(meetings.length).toBeGreaterThan(0);
    // Each course's meetings once: not once at sign-in and again by Today.
    expect(new Set(meetings).size).toBe(meetings.length);
  });

  it("shows today's meetings from this device at once while Learn does not answer", async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const start = new Date();
    await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title: TITLE, description: '', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() });
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    const today = page.getByTestId('today-meetings');
    await expect.poll(() => today.textContent(), { timeout: 20_000 }).toContain(TITLE);

    // Learn stops answering what Today reads (courses, meetings, rosters); a new window opens.
    await setFaults(demo.sandbox, { latencyMs: SLOW_MS, pathPattern: '/learn/api/public/v1/(users|courses)/' });
    const again = await context.newPage();
    await openRollbook(again, demo.host);
    await expect.poll(() => again.getByTestId('today-meetings').textContent(), { timeout: 10_000 }).toContain(TITLE);
    await again.getByRole('button', { name: `Take roll: ${TITLE}` }).click({ trial: true });
    const lecture = again.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    expect(await lecture.textContent()).toContain(`Today`);
    await saveScreen(again, 'today-learn-silent-1280');
    await setFaults(demo.sandbox, { latencyMs: 0, pathPattern: null });
    await context.close();
  });
});
