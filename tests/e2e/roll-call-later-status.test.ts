import { describe, expect, it } from 'vitest';
import { setLaterStatus } from '../support/sandbox-controls';
import { countsLine, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { collect, learnAs, PSYC } from '../integration/learn-support';

// A record with a status a later Learn adds: the roll call opens and counts it apart ("1 other").
describe('a roll call where Learn has a status Rollbook does not know', () => {
  const demo = useDemoHost();

  it('opens and counts it as other', async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const meetings = (await collect(learn.attendance.listMeetings(PSYC))).sort((a, b) => a.start.localeCompare(b.start));
    const oldest = meetings.at(0);
    if (!oldest) throw new Error('the demo lecture has meetings');
    const [first] = await collect(learn.attendance.listRecords(PSYC, oldest.id));
    if (!first) throw new Error('the demo meeting has records');
    await setLaterStatus(demo.sandbox, { meetingId: oldest.id, userId: first.userId, status: 'Remote', byUserId: first.modifiedByUserId ?? first.userId });

    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    const takeRoll = page.getByRole('button', { name: /^Take roll: / });
    await expect.poll(() => takeRoll.count(), { timeout: 20_000 }).toBe(meetings.length);
    await takeRoll.last().click();
    const learnRoll = await collect(learn.attendance.listRecords(PSYC, oldest.id));
    const line = countsLine(learnRoll.map((r) => r.status));
    expect(line).toContain('1 other');
    await expect.poll(() => page.getByTestId('counts').textContent(), { timeout: 20_000 }).toBe(line);
    await page.close();
  });
});
