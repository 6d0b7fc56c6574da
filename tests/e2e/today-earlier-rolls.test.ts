import { isKnownStatus } from '../../shared/api/attendance';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkScreen } from '../support/screen-check';
import { collect, learnAs, HIST, PSYC } from '../integration/learn-support';
import { sandboxStats, signOut, useDemoHost } from '../support/roll-call-ui';
import { openRollbook } from '../support/browser';
import { readQuota, setQuota } from '../support/sandbox-controls';

// Today's attendance rate counts the records on this device; a launch reads no roll. The rolls
// of the held meetings it has not read come from Learn when the instructor asks, one meeting at a
// time, counted here at the sandbox; a site whose quota is low stops the read politely.
describe("Today's earlier rolls, read on request", () => {
  const demo = useDemoHost();
  const ROLL_ROUTES = /\/courses\/:courseId\/users$|\/meetings\/:meetingId\/users$/;
  const pages = (n: number): number => Math.max(1, Math.ceil(n / 100));

  /** Learn's rolls of the course's started meetings: the rate Today must show once it holds them all, and the requests reading them takes. */
  async function learnRolls(courseId: string): Promise<{ started: number; rateWords: string; roster: number; records: number }> {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(courseId, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes');
    const roll = new Set(students.map((m) => m.userId));
    const started = (await collect(learn.attendance.listMeetings(courseId))).filter((m) => Date.parse(m.start) <= Date.now());
    const counts = { Present: 0, Late: 0, Absent: 0, Excused: 0 };
    let records = 0;
    for (const m of started) {
      const held = await collect(learn.attendance.listRecords(courseId, m.id));
      records += pages(held.length);
      for (const r of held) if (roll.has(r.userId) && isKnownStatus(r.status)) counts[r.status]++;
    }
    const counted = counts.Present + counts.Late + counts.Absent;
    expect(counted).toBeGreaterThan(0);
    const rate = ((counts.Present + counts.Late) / counted).toLocaleString('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return { started: started.length, rateWords: `${rate} attendance so far`, roster: pages(students.length), records };
  }

  /** Learn requests since `before` for a roster or a meeting's records, by route. */
  async function rollRequests(before: Record<string, number>): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [route, n] of Object.entries((await sandboxStats(demo.host)).byRoute)) {
      const delta = n - (before[route] ?? 0);
      if (delta > 0 && route.includes('/learn/api/public/') && !route.includes('/oauth2/')) out[route.replace(/^GET \/learn\/api\/public\/v1/, '')] = delta;
    }
    return out;
  }

  async function openToday(): Promise<Page> {
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openRollbook(page, demo.host);
    // A test that failed before signing out leaves the demo signed in: its store is this browser's own either way.
    const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
    const today = page.getByRole('heading', { name: 'Today', level: 2 });
    await Promise.race([signIn.waitFor({ timeout: 30_000 }), today.waitFor({ timeout: 30_000 })]);
    if (await signIn.isVisible()) await signIn.click();
    await today.waitFor();
    return page;
  }

  /** Signs out, so the next test's new browser signs in afresh (its own store). */
  async function leave(page: Page): Promise<void> {
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in to the demo' }).waitFor();
    await page.context().close();
  }

  it('reads every held meeting of a course on request, says what it takes and where it is, and the rate counts them', async () => {
    const learn = await learnRolls(PSYC);
    const launched = (await sandboxStats(demo.host)).byRoute;
    const page = await openToday();
    const card = page.getByRole('listitem').filter({ hasText: 'PSYC-101-F26' });
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain(`Not on this device yet (${learn.started} meetings not read from Learn yet)`);
    // Nothing read at the launch; the button names what it reads and about what it takes (no class list saved yet: "at least").
    const before = (await sandboxStats(demo.host)).byRoute;
    expect(Object.keys(await rollRequests(launched)).filter((r) => ROLL_ROUTES.test(r))).toEqual([]);
    const button = card.getByRole('button', { name: /^Read \d+ earlier meetings from Learn for / });
    expect((await button.textContent())?.trim()).toBe(`Read ${learn.started} earlier meetings from Learn`);
    expect(await card.getByText(/^Takes at least/).textContent()).toMatch(
      new RegExp(`^Takes at least ${learn.started + 1} Learn requests \\(more for a class over 100 students\\); the site has [\\d,]+ left today\\.$`),
    );
    await checkScreen(page, 'today-earlier-rolls');

    await button.click();
    // Where it has got to, on the button while it reads.
    await expect.poll(() => card.getByRole('button', { name: /^Reading / }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('earlier-rolls-note').textContent(), { timeout: 60_000 }).toBe(`Read ${learn.started} meetings from Learn; the attendance rate counts them.`);
    // The rate counts every held meeting's roll, as Learn holds them; nothing is left unread, so no button.
    await expect.poll(() => card.locator('dd').nth(1).textContent(), { timeout: 30_000 }).toBe(learn.rateWords);
    expect(await card.getByRole('button', { name: /^Read / }).count()).toBe(0);
    // Counted at Learn: the class list once, each meeting's records once (pages of 100), nothing else.
    expect(await rollRequests(before)).toEqual({ '/courses/:courseId/users': learn.roster, '/courses/:courseId/meetings/:meetingId/users': learn.records });
    await checkScreen(page, 'today-earlier-rolls-read');
    await leave(page);
  }, 120_000);

  it("stops before reading when the site's quota is below its reserve, and says when to read the rest", async () => {
    const learn = await learnRolls(HIST);
    const page = await openToday();
    const card = page.getByRole('listitem').filter({ hasText: 'HIST-310-F26' });
    const button = card.getByRole('button', { name: /^Read \d+ earlier meetings? from Learn for / });
    await button.waitFor({ timeout: 20_000 });
    const quota = await readQuota(demo.sandbox);
    try {
      // 60 left of 10,000 (the reserve is 500): the class list's answer tells Rollbook, and it reads no roll.
      await setQuota(demo.sandbox, { remaining: 60 });
      const before = (await sandboxStats(demo.host)).byRoute;
      await button.click();
      const note = card.getByTestId('earlier-rolls-note');
      await expect.poll(() => note.textContent(), { timeout: 20_000 }).toMatch(/^Not read: few of the site’s Learn requests are left today, and Rollbook keeps them for roll calls\. Read them after \d{1,2}:\d\d [AP]M( tomorrow)?\.$/);
      const asked = await rollRequests(before);
      expect(asked['/courses/:courseId/meetings/:meetingId/users']).toBeUndefined();
      expect(await card.textContent()).toContain(`${learn.started} ${learn.started === 1 ? 'meeting' : 'meetings'} not read from Learn yet`);
      // The button stays, and says beforehand what the site has left (the class list is saved now: "about").
      await expect.poll(() => card.getByText(/^Takes about/).textContent(), { timeout: 30_000 }).toMatch(/; the site has only \d+ left today, kept for roll calls until \d{1,2}:\d\d [AP]M( tomorrow)?\.$/);
      await card.scrollIntoViewIfNeeded();
      await checkScreen(page, 'today-earlier-rolls-stopped');
    } finally {
      await setQuota(demo.sandbox, { limit: quota.limit });
      await leave(page);
    }
  }, 120_000);
});
