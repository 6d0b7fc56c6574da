import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AllyClient, createAllyHttpClient } from '../../electron/core/ally';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { checkSite } from '../../electron/core/app/site-check';
import { CourseRosters } from '../../electron/core/learn/course-rosters';
import { RecentReads } from '../../electron/core/learn/recent-reads';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import type { FeatureCheck, SiteCheck } from '../../shared/ipc/site-check-channels';
import { withSandbox } from '../support/sandbox';
import { learnAs, routeCount } from './learn-support';

/**
 * The site check's probes through the real Learn and Ally clients against the sandbox over
 * loopback. The sandbox is changed only the way a Learn administrator changes a site: a privilege
 * taken from a role (Learn then answers 403 on its own endpoints), the attendance service switched
 * off (404), no Ally credentials for the site.
 */
const ALLY_STATUS = 'GET /ally/api/v2/clients/:clientId/content/:contentHash/status';
let sandbox: RunningSandbox;
let ally: AllyClient;

beforeAll(async () => {
  sandbox = await withSandbox();
  ally = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient() });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control('reset', {});
});

async function control(what: string, body: unknown): Promise<void> {
  const res = await sandbox.controlFetch(`/__sandbox/${what}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
}

const check = (who: string, withAlly = true): Promise<SiteCheck> => checkSite({ learn: learnAs(sandbox, who).learn, ally: withAlly ? ally : undefined, siteName: '127.0.0.1', learnVersion: '3900.121.0' });

function feature(result: SiteCheck, name: FeatureCheck['feature']): FeatureCheck {
  const found = result.features.find((f) => f.feature === name);
  if (!found) throw new Error(`no ${name} in the check`);
  return found;
}

describe('site check', () => {
  it('finds every feature available to the demo instructor, probed in a course she teaches', async () => {
    const result = await check('instructor');
    expect(result.features.map((f) => [f.feature, f.state])).toEqual([
      ['courses', 'available'],
      ['roster', 'available'],
      ['attendance', 'available'],
      ['content', 'available'],
      ['adaptiveRelease', 'available'],
      ['calendar', 'available'],
      ['announcements', 'available'],
      ['ally', 'available'],
    ]);
    expect(result.course?.role).toBe('Instructor');
    expect(result.learnVersion).toBe('3900.121.0');
    expect(await routeCount(sandbox, ALLY_STATUS)).toBe(1);
  });

  it("takes a roster read and a meetings list made within minutes as its probes' answers, and probes where it has seen none", async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const lecture = await learn.courses.getCourse('courseId:PSYC-101-F26');
    const taught = [{ id: lecture.id, courseId: 'PSYC-101-F26', name: lecture.name ?? 'The lecture', ultra: true, organization: false, role: 'Instructor' }];
    const rosters = new CourseRosters(() => 'one identity');
    const recent = new RecentReads(() => 'one identity');
    const screens = learnHandlers(() => learn, undefined, rosters, recent);
    const kept = rosters.of(learn);
    const ROSTER = 'GET /learn/api/public/v1/courses/:courseId/users';
    const MEETINGS = 'GET /learn/api/public/v1/courses/:courseId/meetings';
    const asked = async (): Promise<number[]> => [await routeCount(sandbox, ROSTER), await routeCount(sandbox, MEETINGS)];
    const run = async (): Promise<number[]> => {
      const before = await asked();
      const result = await checkSite({ learn, courses: () => Promise.resolve(taught), rosterRead: (id) => kept.known(id) !== undefined, meetingsRead: (id) => recent.fresh('meetings', id), ally, siteName: '127.0.0.1' });
      expect([feature(result, 'roster').state, feature(result, 'attendance').state]).toEqual(['available', 'available']);
      return (await asked()).map((n, i) => n - before[i]!);
    };

    expect(await run()).toEqual([1, 1]);
    // The screens read the lecture's roster and meetings: the next check asks Learn for neither.
    await screens['learn.roster']({ courseId: lecture.id });
    await screens['learn.meetings']({ courseId: lecture.id });
    expect(await run()).toEqual([0, 0]);
  });

  it('says which permission to ask for when the role lacks an entitlement (Learn answers 403)', async () => {
    await control('roles', { roleId: 'TeachingAssistant', revoke: ['course.attendance.VIEW'] });
    const result = await check('ta');
    expect(result.course?.role).toBe('Teaching assistant');
    const attendance = feature(result, 'attendance');
    expect(attendance.state).toBe('not-allowed');
    expect(attendance.reason).toBe(
      'Your role on this site does not allow reading or taking attendance. Ask your Learn administrator for the permission to view attendance in courses.',
    );
    // The same sentence as a catalogue key, for the screen to write in the instructor's language.
    expect(attendance.words).toEqual({ key: 'sitecheck.notAllowed.attendance' });
    // Only what the role lost is off; the instructor's role is untouched.
    expect(feature(result, 'roster').state).toBe('available');
    expect(feature(await check('instructor'), 'attendance').state).toBe('available');
  });

  it('reports a service switched off on the site (Learn answers 404) as not enabled', async () => {
    await control('services', { attendance: false });
    const attendance = feature(await check('instructor'), 'attendance');
    expect(attendance.state).toBe('not-enabled');
    expect(attendance.reason).toMatch(/^Meetings and roll call is not enabled on this Learn site/);
  });

  it('reports Ally as not configured when the site has no Ally credentials, and sends Ally nothing', async () => {
    await control('reset', {});
    const result = await check('instructor', false);
    const allyCheck = feature(result, 'ally');
    expect(allyCheck.state).toBe('not-configured');
    expect(allyCheck.reason).toMatch(/allyClientId and allySecret/);
    expect(await routeCount(sandbox, ALLY_STATUS)).toBe(0);
  });

  it('reports Ally credentials Ally refuses as not allowed', async () => {
    const wrong = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: { clientId: DEMO_ALLY_CLIENT.clientId, secret: 'not-the-secret' }, http: createAllyHttpClient() });
    const result = await checkSite({ learn: learnAs(sandbox, 'instructor').learn, ally: wrong, siteName: '127.0.0.1' });
    expect(feature(result, 'ally').state).toBe('not-allowed');
  });

  it('checks course features in no course for a user who teaches none, and says so', async () => {
    const student = [...sandbox.context().directory.memberships].find((m) => m.courseRoleId === 'Student');
    const userName = sandbox.context().directory.users.get(student?.userId ?? '')?.userName ?? '';
    const result = await check(userName);
    expect(result.course).toBeUndefined();
    expect(feature(result, 'attendance')).toMatchObject({ state: 'unknown', reason: 'You teach no course on this site, so this was not checked.', words: { key: 'sitecheck.noCourse' } });
    expect(feature(result, 'courses').state).toBe('available');
  });
});
