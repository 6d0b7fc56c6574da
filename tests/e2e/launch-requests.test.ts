import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { addInstructorCourses, INSTRUCTOR_WITH_HISTORY, type InstructorCourses } from '../../bench/browser/instructor-courses';
import { rendererDirOption } from '../support/browser';
import { countLaunch } from '../support/launch-requests';

// An instructor with 6 current and 24 past 300-student courses (and a course taken as a student,
// one made unavailable): a launch reads what Today shows, once.
describe('The Learn requests of a launch', () => {
  let host: RunningWebHost;
  let courses: InstructorCourses;
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-e2e-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'rollbook-profile-'));
  beforeAll(async () => {
    host = await startWebHost({ port: 0, demo: true, dataDir, demoUser: INSTRUCTOR_WITH_HISTORY, ...rendererDirOption() });
    if (!host.sandbox) throw new Error('demo mode has a sandbox');
    courses = await addInstructorCourses(host.sandbox);
  });
  afterAll(async () => {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('first launch: the course list and the meetings of each current course taught; a later launch much less', async () => {
    const first = await countLaunch(host, profileDir, courses.current[0] ?? '');
    const later = await countLaunch(host, profileDir, courses.current[0] ?? '');
    console.log(JSON.stringify({ first, later }, null, 1));
    expect(first.learn).toBeGreaterThan(0);
  }, 240_000);
});
