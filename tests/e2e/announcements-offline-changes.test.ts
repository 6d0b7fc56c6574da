import type { Page } from 'playwright-core';
import { answerConfirm } from '../support/design-ui';
import { describe, expect, it } from 'vitest';
import { collect, learnAs } from '../integration/learn-support';
import { sandboxStats, useDemoHost, type DemoHost } from '../support/roll-call-ui';
import { openRollbook } from '../support/browser';
import { checkScreen } from '../support/screen-check';

/**
 * Changes made offline to system announcements, in Chromium against the demo sandbox: the
 * administrator posts, edits and deletes announcements with the network cut; each shows in the
 * list marked as waiting (also after leaving the screen and coming back); back online, sync sends
 * them once each and the list shows Learn's copy. A change Learn refuses on replay stays in the
 * waiting list with Learn's reason until the user discards it.
 */
const WAIT = { timeout: 20_000 };
const POSTS = 'POST /learn/api/public/v1/announcements';

/** Opens the app (signing in unless this host's session already is) and the Announcements screen. */
async function openAnnouncements(page: Page, demo: DemoHost): Promise<void> {
  await openRollbook(page, demo.host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  const nav = page.getByRole('button', { name: 'Announcements', exact: true });
  await expect.poll(async () => (await signIn.count()) + (await nav.count()), WAIT).toBeGreaterThan(0);
  if ((await signIn.count()) > 0) await signIn.click();
  await expect.poll(() => nav.count(), { timeout: 45_000 }).toBe(1);
  await nav.click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Northfield Learn' }).count(), WAIT).toBe(1);
}

/** Leaves the screen and comes back (offline: from the saved copy and the outbox). */
async function reenter(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Courses', exact: true }).click();
  await page.getByRole('button', { name: 'Announcements', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Northfield Learn' }).count(), WAIT).toBe(1);
}

const article = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

/**
 * Watches, on every change to the page, whether some article's name contains `text`; the returned
 * function says whether it was ever missing since (a change that reached Learn must not vanish
 * before Learn's copy of it shows).
 */
async function watchStaysShown(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((t) => {
    const w = window as unknown as { __vanished: boolean };
    w.__vanished = false;
    new MutationObserver(() => {
      const names = [...document.querySelectorAll('article')].map((a) => a.getAttribute('aria-label') ?? a.textContent ?? '');
      if (!names.some((n) => n.includes(t))) w.__vanished = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, text);
  return async () => page.evaluate(() => (window as unknown as { __vanished: boolean }).__vanished);
}
const waitingList = (page: Page) => page.getByRole('region', { name: 'Announcement changes waiting to be sent to Learn' });

async function inLearn(demo: DemoHost) {
  const { learn } = learnAs(demo.sandbox, 'admin');
  return collect(learn.announcements.listAnnouncements());
}

describe('announcement changes made offline', () => {
  const demo = useDemoHost({ demoUser: 'admin' });

  it('wait in the outbox, marked in the list, and reach Learn once each when back online', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await openAnnouncements(page, demo);
    const postsBefore = (await sandboxStats(demo.host)).byRoute[POSTS] ?? 0;

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('announcements-offline').count(), WAIT).toBe(1);

    // A new one: enabled offline, the form's checks still run first.
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('form', { name: 'Post announcement' });
    await form.getByLabel('Title').fill('   ');
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Title: enter a title.');
    await form.getByLabel('Title').fill('Exam week: quiet floors');
    await form.getByLabel('Message').fill('<p>Floors 3 and 4 of the library are <em>silent</em>.</p>');
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await expect.poll(() => page.getByTestId('queued-note').textContent(), WAIT).toMatch(/^New announcement “Exam week: quiet floors”: You are offline/);
    const created = article(page, 'Exam week: quiet floors (waiting to be sent)');
    // The note and the list come from two renders: wait for the list too (under load it lags).
    await expect.poll(() => created.count(), WAIT).toBe(1);
    await expect.poll(() => created.getByText('(waiting to be sent)').isVisible()).toBe(true);

    // Then changed before it was ever sent: the change names its local id and waits behind it.
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Save announcement' });
    await edit.getByLabel('On the login page').check();
    await edit.getByRole('button', { name: 'Save announcement' }).click();
    await expect.poll(() => created.textContent(), WAIT).toMatch(/Always shown · Login page and courses/);

    // An edit of one read from Learn.
    await article(page, 'Use your NetID to sign in').getByRole('button', { name: 'Edit' }).click();
    await edit.getByLabel('Title').fill('Use your NetID and password to sign in');
    await edit.getByRole('button', { name: 'Save announcement' }).click();
    const edited = article(page, 'Use your NetID and password to sign in (change waiting to be sent)');
    await expect.poll(() => edited.count(), WAIT).toBe(1);

    // A delete: still listed, marked.
    await article(page, 'Library: extended hours before exams').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Delete announcement');
    const deleting = article(page, 'Library: extended hours before exams (will be deleted)');
    await expect.poll(() => deleting.count(), WAIT).toBe(1);
    await expect.poll(() => deleting.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const rows = waitingList(page).getByRole('listitem');
    await expect.poll(() => rows.allTextContents()).toEqual([
      expect.stringMatching(/^New announcement “Exam week: quiet floors”\s*waiting/),
      expect.stringMatching(/^Change announcement “Exam week: quiet floors”: where shown\s*waiting/),
      expect.stringMatching(/^Change announcement “Use your NetID to sign in”: title to “Use your NetID and password to sign in”\s*waiting/),
      expect.stringMatching(/^Delete announcement “Library: extended hours before exams”\s*waiting/),
    ]);
    await checkScreen(page, 'announcements-waiting');

    await reenter(page);
    await expect.poll(() => created.count()).toBe(1);
    await expect.poll(() => edited.count()).toBe(1);
    await expect.poll(() => deleting.count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(4);
    expect((await sandboxStats(demo.host)).byRoute[POSTS] ?? 0).toBe(postsBefore); // nothing left the page

    const vanished = await watchStaysShown(page, 'Exam week: quiet floors');
    await context.setOffline(false);
    await expect.poll(() => waitingList(page).count(), WAIT).toBe(0);
    await expect.poll(() => page.getByTestId('waiting-mark').count(), WAIT).toBe(0);
    // Laid over until Learn's copy was read: the post never left the list on its way there.
    expect(await vanished()).toBe(false);
    await expect.poll(() => page.getByTestId('queued-note').count()).toBe(0);
    await expect.poll(() => article(page, 'Library: extended hours before exams').count(), WAIT).toBe(0);
    await expect.poll(() => article(page, 'Exam week: quiet floors').count()).toBe(1);
    await expect.poll(() => article(page, 'Use your NetID and password to sign in').count()).toBe(1);

    const learn = await inLearn(demo);
    expect(learn.filter((a) => a.title === 'Exam week: quiet floors')).toMatchObject([{ showAtLogin: true, body: '<p>Floors 3 and 4 of the library are <em>silent</em>.</p>' }]);
    expect(learn.map((a) => a.title)).toContain('Use your NetID and password to sign in');
    expect(learn.map((a) => a.title)).not.toContain('Use your NetID to sign in');
    expect(learn.map((a) => a.title)).not.toContain('Library: extended hours before exams');
    expect((await sandboxStats(demo.host)).byRoute[POSTS]).toBe(postsBefore + 1);
    await context.close();
  });

  it('keeps a change Learn refuses on replay, with its reason, until discarded', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await openAnnouncements(page, demo);
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('announcements-offline').count(), WAIT).toBe(1);

    await article(page, 'Course evaluations are open').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Save announcement' });
    await edit.getByLabel('Title').fill('Course evaluations close Friday');
    await edit.getByRole('button', { name: 'Save announcement' }).click();
    await expect.poll(() => article(page, 'Course evaluations close Friday (change waiting to be sent)').count(), WAIT).toBe(1);

    // Meanwhile another administrator deletes it in Learn.
    const { learn } = learnAs(demo.sandbox, 'admin');
    const target = (await collect(learn.announcements.listAnnouncements())).find((a) => a.title === 'Course evaluations are open');
    await learn.announcements.deleteAnnouncement(target!.id);

    await context.setOffline(false);
    const row = waitingList(page).getByRole('listitem');
    await expect.poll(() => row.getByRole('status').textContent(), WAIT).toMatch(/^Not sent: .+/);
    const reason = (await row.getByRole('status').textContent()) ?? '';
    expect(reason).toMatch(/not found|no longer|does not exist|404/i);
    await expect.poll(() => row.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await checkScreen(page, 'announcement-not-sent');
    // Learn's list was read again: the announcement is gone from it, the change only in the waiting list.
    await expect.poll(() => article(page, /Course evaluations/).count(), WAIT).toBe(0);

    await row.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => waitingList(page).count(), WAIT).toBe(0);
    expect((await collect(learn.announcements.listAnnouncements())).map((a) => a.title)).not.toContain('Course evaluations close Friday');
    await context.close();
  });
});
