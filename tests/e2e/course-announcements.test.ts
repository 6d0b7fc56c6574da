import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { startApp, WAIT } from '../support/content-ui';
import { answerConfirm } from '../support/design-ui';
import { openCourse, sandboxStats, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * A course's announcements in Chromium against the demo sandbox, as the demo instructor: read
 * beside the institution's, one posted offline that reaches Learn exactly once when back online,
 * then edited and deleted; the list is read from Learn once, not again on coming back.
 */
const LIST = 'GET /learn/api/public/v1/courses/:courseId/announcements';
const POSTS = 'POST /learn/api/public/v1/courses/:courseId/announcements';
const count = async (demo: ReturnType<typeof useDemoHost>, route: string): Promise<number> => (await sandboxStats(demo.host)).byRoute[route] ?? 0;
const article = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

async function openCourseAnnouncements(page: Page): Promise<void> {
  await openCourse(page, 'PSYC-101-F26');
  await page.getByRole('navigation', { name: 'PSYC-101-F26 sections' }).getByRole('button', { name: 'Announcements' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Introduction to Psychology' }).count(), WAIT).toBe(1);
}

async function inLearn(demo: ReturnType<typeof useDemoHost>, title: string) {
  const { learn } = learnAs(demo.sandbox, 'instructor');
  return (await collect(learn.courseAnnouncements.listCourseAnnouncements(PSYC))).filter((a) => a.title?.startsWith(title));
}

describe('course announcements', () => {
  const demo = useDemoHost();

  it('posts one offline that reaches Learn once, then edits and deletes it, beside the institution’s', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    await openCourseAnnouncements(page);
    // Drafts and scheduled ones too, each saying whether students see it.
    await expect.poll(() => article(page, 'Guest lecture next week').textContent()).toMatch(/Draft: students do not see it/);
    await expect.poll(() => article(page, 'Midterm review session').textContent()).toMatch(/Scheduled: shown from/);
    await expect.poll(() => page.getByRole('heading', { name: 'From your institution' }).count()).toBe(1);
    await checkScreen(page, 'course-announcements');
    const reads = await count(demo, LIST);
    expect(reads).toBe(1);

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('course-announcements-offline').count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('form', { name: 'Post announcement' });
    await form.getByLabel('Title').fill('No class on Monday');
    await form.getByLabel('Message').fill('<p>Monday is a holiday: read chapter 3 instead.</p>');
    await checkScreen(page, 'course-announcements-form');
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await expect.poll(() => page.getByTestId('queued-note').textContent(), WAIT).toMatch(/^New announcement “No class on Monday” in PSYC-101-F26: You are offline/);
    await expect.poll(() => article(page, 'No class on Monday (waiting to be sent)').count(), WAIT).toBe(1);
    await checkScreen(page, 'course-announcements-waiting');

    await context.setOffline(false);
    await expect.poll(async () => (await inLearn(demo, 'No class on Monday')).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => article(page, 'No class on Monday').count(), WAIT).toBe(1);
    expect(await count(demo, POSTS)).toBe(1);

    // Edit, online: sent at once.
    await article(page, 'No class on Monday').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Save announcement' });
    await edit.getByLabel('Title').fill('No class on Monday: holiday');
    await edit.getByRole('button', { name: 'Save announcement' }).click();
    await expect.poll(async () => (await inLearn(demo, 'No class on Monday')).map((a) => a.title), WAIT).toEqual(['No class on Monday: holiday']);
    await expect.poll(() => article(page, 'No class on Monday: holiday').count(), WAIT).toBe(1);

    // Delete, after saying what it does.
    await article(page, 'No class on Monday: holiday').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Delete announcement');
    await expect.poll(async () => (await inLearn(demo, 'No class on Monday')).length, WAIT).toBe(0);
    await expect.poll(() => article(page, /No class on Monday/).count(), WAIT).toBe(0);
    expect(await count(demo, POSTS)).toBe(1);

    // Leaving and coming back within minutes shows the saved copy: no new read.
    const before = await count(demo, LIST);
    await page.getByRole('navigation', { name: 'PSYC-101-F26 sections' }).getByRole('button', { name: 'Meetings' }).click();
    await page.getByRole('navigation', { name: 'PSYC-101-F26 sections' }).getByRole('button', { name: 'Announcements' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Introduction to Psychology' }).count(), WAIT).toBe(1);
    expect(await count(demo, LIST)).toBe(before);
    await context.close();
  });
});

describe('course announcements for a teaching assistant', () => {
  const demo = useDemoHost({ demoUser: 'ta' });

  it('offers posting and editing, not deleting, and says why in words', async () => {
    const page = await demo.browser.newPage({ locale: 'en-US' });
    await startApp(page, demo);
    await openCourseAnnouncements(page);
    await expect.poll(() => page.getByTestId('role-why').textContent(), WAIT).toMatch(/^As a teaching assistant in PSYC-101-F26 you can post and edit announcements; deleting them is for the course’s instructors\.$/);
    await expect.poll(() => page.getByRole('button', { name: 'New announcement' }).count()).toBe(1);
    const quiz = article(page, 'Quiz 1 moved to Thursday');
    await expect.poll(() => quiz.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await checkScreen(page, 'course-announcements-assistant');
    await page.close();
  });
});
