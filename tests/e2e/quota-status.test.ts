import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../sandbox/server';
import { createMeetingAndTakeRoll, learnRollOf, openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { readQuota, setQuota } from '../support/sandbox-controls';
import { checkScreen } from '../support/screen-check';

/**
 * Learn's request quota as an instructor meets it: Settings says how many of the site's requests
 * are left in words; when the quota runs out in the middle of a roll call the status bar says so,
 * naming when Rollbook sends again, and Rollbook stops asking Learn; once the quota renews (a short
 * real window: the app's gate runs on the real clock) every mark reaches Learn, once.
 */
const title = 'Quota runs out';
/** The keys pressed, one student each, and the status each means. */
const MARKS = [
  ['p', 'Present'],
  ['a', 'Absent'],
  ['l', 'Late'],
  ['e', 'Excused'],
  ['a', 'Absent'],
  ['l', 'Late'],
] as const;
/** The quota's window from the moment it is set: long enough to see the blocked screen, short enough for the test. */
const WINDOW_S = 35;

/** Every request that reached Learn: answered, or refused as over the quota. */
function learnRequests(sandbox: RunningSandbox): number {
  const stats = sandbox.stats();
  return stats.total + stats.refused;
}

/** Records written to Learn (created or changed, one at a time or in bulk). */
function recordWrites(sandbox: RunningSandbox): number {
  return Object.entries(sandbox.stats().byRoute)
    .filter(([route]) => /^(POST|PATCH|PUT) .*\/meetings\/:meetingId\/users/.test(route))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** "14:05" for this time as the page writes times (its locale), so the words can be compared. */
const timeOnPage = (page: Page, at: number): Promise<string> =>
  page.evaluate((ms) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(ms), at);

describe("Learn's request quota on screen", () => {
  const demo = useDemoHost();

  it('shows what is left in Settings, says when a used-up quota renews, asks Learn almost nothing meanwhile, then sends every mark once', { timeout: 150_000 }, async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await page.getByRole('button', { name: /PSYC-101-F26/ }).waitFor();

    // 1. Settings: the site's requests in words, the numbers Learn sent.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    // Settings' own line (the site check, when it has answered, shows the same words in its section).
    const line = page.getByRole('region', { name: 'Account' }).getByTestId('request-budget');
    const sentence = /^(?:About )?([\d,]+) of the site’s ([\d,]+) Learn requests for today are left; resets at .+\.$/;
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toMatch(sentence);
    const [, left, limit] = sentence.exec((await line.textContent()) ?? '') ?? [];
    const quota = await readQuota(demo.sandbox);
    expect(Number(limit?.replace(/,/g, ''))).toBe(quota.limit);
    // Rounded down to two figures from a reading a moment ago, when a few more were left.
    expect(Number(left?.replace(/,/g, ''))).toBeLessThanOrEqual(quota.limit);
    expect(Number(left?.replace(/,/g, ''))).toBeGreaterThanOrEqual(quota.remaining - 100);
    await checkScreen(page, 'settings-request-budget');
    // Photos off (they are read as rows come into view), so what the quota runs out on is the sync of the marks.
    await page.getByRole('switch', { name: 'Show students’ photos' }).uncheck();

    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-24', start: '11:00', end: '12:00' });
    // The new meeting is on Learn before the quota runs short.
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');

    // 2. Two requests left, renewing in WINDOW_S seconds; six students marked: a few go, then the quota is used up.
    const set = await setQuota(demo.sandbox, { remaining: 2, resetInSeconds: WINDOW_S });
    const resetAt = Date.parse(set.resetAt);
    const writesBefore = recordWrites(demo.sandbox);
    const refusedBefore = demo.sandbox.stats().refused;
    await page.getByTestId('student-row').first().focus();
    const marked: { userId: string; status: string }[] = [];
    for (const [key, status] of MARKS) {
      const userId = (await page.evaluate(() => {
        const list = document.activeElement;
        return document.getElementById(list?.getAttribute('aria-activedescendant') ?? '')?.getAttribute('data-user-id');
      })) ?? '';
      marked.push({ userId, status });
      await page.keyboard.press(key);
    }
    expect(new Set(marked.map((m) => m.userId)).size).toBe(MARKS.length);
    // The roll's marks wait on the device until it is finished; "Send now" sends them.
    await page.getByRole('button', { name: 'Send now' }).click();

    const note = page.getByTestId('status-note');
    await expect.poll(() => note.textContent(), { timeout: 20_000 }).toMatch(/^Learn’s request limit for this site is used up for today\. Rollbook will send your \d+ changes? after .+\.$/);
    const requestsAtBlock = learnRequests(demo.sandbox);
    // The time it names is the quota's reset (to the minute; a second either side of it from the header's rounding).
    const words = (await note.textContent()) ?? '';
    const times = await Promise.all([resetAt - 2000, resetAt, resetAt + 2000].map((t) => timeOnPage(page, t)));
    expect(times.some((t) => words.endsWith(`after ${t}.`)), `${words} names one of ${times.join(', ')}`).toBe(true);
    // The pill names the same time: used up, not merely "offline" or "online".
    const until = times.find((t) => words.endsWith(`after ${t}.`));
    expect(await page.getByTestId('connectivity').textContent()).toBe(`Requests used up until ${until}`);
    // The status bar in view (marking scrolled the roll call's list up under it).
    await note.scrollIntoViewIfNeeded();
    await checkScreen(page, 'roll-call-quota-used-up');

    // Until the reset: never "Online", never "Syncing…", and Learn hardly asked.
    const seen = { pill: new Set<string>(), syncing: 0 };
    while (Date.now() < resetAt - 500) {
      seen.pill.add((await page.getByTestId('connectivity').textContent()) ?? '');
      if (await page.getByText(/^Syncing/).count()) seen.syncing++;
      await page.waitForTimeout(500);
    }
    // 3. Requests that reached Learn from the block to the reset: a handful at most.
    const requestsWhileBlocked = learnRequests(demo.sandbox) - requestsAtBlock;
    expect([...seen.pill]).toEqual([`Requests used up until ${until}`]);
    expect(seen.syncing).toBe(0);
    expect(requestsWhileBlocked).toBeLessThanOrEqual(5);
    // Refusals in all, counting the requests already under way when the quota ran out: none twice.
    expect(demo.sandbox.stats().refused - refusedBefore).toBeLessThanOrEqual(MARKS.length);

    // 4. After the reset every mark goes, by itself, and Learn holds each once. A refused change
    // goes at the time its refusal named: the reset (retry-schedule.ts).
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 60_000 }).toBe('0 changes waiting');
    expect(await note.count()).toBe(0);
    expect(await page.getByTestId('connectivity').textContent()).toBe('Online');
    const records = await learnRollOf(demo.sandbox, title);
    expect(records.map((r) => ({ userId: r.userId, status: r.status })).sort((x, y) => x.userId.localeCompare(y.userId))).toEqual(
      [...marked].sort((x, y) => x.userId.localeCompare(y.userId)),
    );
    // Each mark was written once: none lost at the refusal, none sent again after it.
    expect(recordWrites(demo.sandbox) - writesBefore).toBe(MARKS.length);
    await context.close();
  });
});
