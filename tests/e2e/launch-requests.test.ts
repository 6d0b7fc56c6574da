import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { addInstructorCourses, INSTRUCTOR_WITH_HISTORY, type InstructorCourses } from '../../bench/browser/instructor-courses';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openRollbook, rendererDirOption } from '../support/browser';
import { countLaunch, learnRequests } from '../support/launch-requests';

// An instructor with 6 current and 24 past 300-student courses (and courses taken as a student or
// made unavailable): a launch reads what Today shows, once.
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

  it('first launch: the course list and the meetings of each current course taught, no roster; a later launch within minutes: nothing', async () => {
    const first = await countLaunch(host, profileDir, courses.current[0] ?? '');
    // Sign-in (the site's version, who signed in), one page of courses, one meetings list per current course taught.
    const floor = 2 + 1 + courses.current.length;
    expect(first.byRoute['GET /learn/api/public/v1/courses/:courseId/meetings']).toBe(courses.current.length);
    expect(first.byRoute['GET /learn/api/public/v1/users/:userId/courses']).toBe(1);
    expect(first.byRoute['GET /learn/api/public/v1/courses/:courseId/users']).toBeUndefined();
    expect(first.learn).toBeLessThanOrEqual(Math.floor(floor * 1.1));
    const later = await countLaunch(host, profileDir, courses.current[0] ?? '');
    expect(later.learn).toBe(0);
  }, 240_000);

  it('lists past courses only after "Show past courses"; a course opened again within minutes asks Learn nothing', async () => {
    const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await openRollbook(page, host);
      await page.getByText(courses.current[0] ?? '').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Courses', exact: true }).click();
      await page.getByRole('heading', { name: 'My courses' }).waitFor();
      const list = page.locator('main');
      await expect.poll(() => list.textContent()).toContain(courses.current[5]);
      // Neither the past ones, nor the ones taken as a student or made unavailable.
      for (const courseId of [...courses.past, ...courses.notTaught]) expect(await list.textContent()).not.toContain(courseId);
      await page.getByRole('button', { name: 'Show past courses' }).click();
      await expect.poll(() => page.getByRole('button', { name: new RegExp(courses.past[23] ?? '') }).count()).toBe(1);
      for (const courseId of courses.notTaught) expect(await list.textContent()).not.toContain(courseId);

      // A current course: its roster is read on opening (on demand), then not again within minutes.
      const course = courses.current[2] ?? '';
      await page.getByRole('button', { name: new RegExp(course) }).first().click();
      await page.getByRole('button', { name: /^Take roll: / }).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('meetings').getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
      const opened = await learnRequests(host, async () => {
        await page.getByRole('button', { name: 'Courses', exact: true }).click();
        await page.getByRole('button', { name: new RegExp(course) }).first().click();
        await page.getByRole('button', { name: /^Take roll: / }).first().waitFor({ timeout: 30_000 });
        await expect.poll(() => page.getByTestId('meetings').getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
      });
      expect(opened.byRoute).toEqual({});
    } finally {
      await context.close();
    }
  }, 240_000);
});
