import { describe, expect, it } from 'vitest';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost, learnRollOf } from '../support/roll-call-ui';
import { setBulkCovers } from '../support/sandbox-controls';

// In the UI against a flaky Learn: the roll is synced while the sandbox drops answers
// after applying them, answers 503 and rate-limits. Sync is retried until nothing waits, and Learn
// then holds exactly one meeting and exactly one record per student, with the statuses shown.
describe('roll call sync under injected faults', () => {
  const demo = useDemoHost();

  it('syncs the whole roll exactly once despite dropped answers, 503s and 429s', async () => {
    // Whom Learn's bulk covers is not this test's subject: students only, as the sandbox did before
    // its default became the Swagger's "all users in the course".
    await setBulkCovers(demo.sandbox, 'students');
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const title = 'E2E faulty roll';
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');

    // Nothing leaves the device until the faults are in place.
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-25', start: '11:00', end: '12:15' });
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await page.keyboard.press('e');
    await page.keyboard.press('a');
    await page.getByRole('button', { name: 'Mark everyone not yet marked Present' }).click();
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('296 present, 2 absent, 1 late, 1 excused, 0 not marked');
    const shown = await page.getByTestId('student-row').evaluateAll((rows) =>
      rows.slice(0, 4).map((r) => [r.getAttribute('data-user-id') ?? '', r.querySelector('[data-testid="student-status"]')?.textContent?.trim() ?? ''] as const),
    );
    expect(shown.map(([, s]) => s)).toEqual(['Absent', 'Late', 'Excused', 'Absent']);
    await expect.poll(async () => Number(/\d+/.exec((await page.getByTestId('waiting').textContent()) ?? '')?.[0])).toBeGreaterThan(0);

    demo.sandbox.configureFaults({
      dropAfterApplyRate: 0.3,
      serverErrorRate: 0.15,
      serverErrorStatuses: [503],
      rateLimitRate: 0.1,
      retryAfterSeconds: 1,
      seed: 7,
      pathPattern: '/meetings',
    });
    await page.unroute('**/ipc/sync.push');

    // Sync now, again and again while changes still wait (bounded), every 1.5 s as before.
    const syncNow = page.getByTestId('sync-now');
    await expect
      .poll(
        async () => {
          const waiting = await page.getByTestId('waiting').textContent();
          if (waiting !== '0 changes waiting' && (await syncNow.isEnabled())) await syncNow.click();
          return waiting;
        },
        { timeout: 60_000, interval: 1_500 },
      )
      .toBe('0 changes waiting');
    demo.sandbox.configureFaults({ dropAfterApplyRate: 0, serverErrorRate: 0, rateLimitRate: 0, pathPattern: null });

    const records = await learnRollOf(demo.sandbox, title);
    // One record per student: none lost, none doubled.
    expect(records).toHaveLength(300);
    expect(new Set(records.map((r) => r.userId)).size).toBe(300);
    const expected = new Map<string, string>(shown);
    for (const r of records) expect([r.userId, r.status]).toEqual([r.userId, expected.get(r.userId) ?? 'Present']);
    expect(records.filter((r) => r.status === 'Present')).toHaveLength(296);
    await context.close();
  });
});
