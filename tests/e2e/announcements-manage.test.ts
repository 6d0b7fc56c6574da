import type { Page } from 'playwright-core';
import { answerConfirm } from '../support/design-ui';
import { describe, expect, it } from 'vitest';
import type { RunningWebHost } from '../../electron/web-host';
import { collect, learnAs } from '../integration/learn-support';
import { signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Announcements in Chromium: the administrator posts an announcement (a
 * display window, the login page, a body whose markup is sanitised), changes it and deletes it;
 * the instructor, who lacks the entitlements, sees the same list with every change disabled and
 * the reason, and the saved list offline, marked as such (still without those changes: offline
 * they would queue, but the saved rights apply).
 */
async function openAnnouncements(page: Page, host: RunningWebHost): Promise<void> {
  await signInToDemo(page, host);
  await page.getByRole('button', { name: 'Announcements', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Northfield Learn' }).count(), { timeout: 15_000 }).toBe(1);
}

/** Content-Security-Policy refusals the page reports (the script and the handler above must be refused by the sanitiser, never reach the CSP). */
function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Refused to')) refused.push(message.text());
  });
  return refused;
}

const articleOf = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('announcements as the administrator', () => {
  const demo = useDemoHost({ demoUser: 'admin' });

  it('creates, changes and deletes an announcement', async () => {
    const page = await demo.browser.newPage({ locale: 'en-US' });
    const refused = watchCsp(page);
    await openAnnouncements(page, demo.host);
    // The administrator sees expired and scheduled ones too, with their state.
    await expect.poll(() => articleOf(page, 'Fall registration has closed').getByText(/^Ended /).count()).toBe(1);
    await expect.poll(() => articleOf(page, 'Scheduled maintenance: Learn unavailable Saturday 02:00-06:00').getByText(/^Scheduled: shown from /).count()).toBe(1);
    await checkScreen(page, 'announcements');

    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('form', { name: 'Post announcement' });
    await form.getByLabel('Title').fill('Snow day: campus closed');
    await form.getByLabel('Message').fill('<p>All classes are <strong>cancelled</strong>.</p><img src="x" onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>');
    // The preview is the sanitised markup.
    await expect.poll(() => form.getByLabel('Preview of the message').locator('strong').textContent()).toBe('cancelled');
    await form.getByLabel('Between dates').check();
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^Shown between dates: enter a start, an end or both/);
    await checkScreen(page, 'announcement-form-problems');
    const until = new Date(Date.now() + 3 * 86_400_000);
    const untilDate = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
    await form.getByLabel('Show until', { exact: true }).fill(untilDate);
    await form.getByLabel('On the login page').check();
    await form.getByRole('button', { name: 'Post announcement' }).click();

    const posted = articleOf(page, 'Snow day: campus closed');
    await expect.poll(() => posted.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => posted.textContent()).toMatch(/Shown now, until .* · Login page and courses/);
    await expect.poll(() => posted.locator('strong').textContent()).toBe('cancelled');
    await expect.poll(() => posted.locator('script, [onerror]').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    const { learn } = learnAs(demo.sandbox, 'admin');
    const inLearn = async () => (await collect(learn.announcements.listAnnouncements())).find((a) => a.title === 'Snow day: campus closed');
    expect(await inLearn()).toMatchObject({ showAtLogin: true, showInCourses: true, availability: { duration: { type: 'Restricted', end: expect.any(String) } } });

    // Change: always shown, courses only.
    await posted.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Save announcement' });
    await expect.poll(() => edit.getByLabel('Title').inputValue()).toBe('Snow day: campus closed');
    await edit.getByLabel('Always').check();
    await edit.getByLabel('On the login page').uncheck();
    await edit.getByRole('button', { name: 'Save announcement' }).click();
    await expect.poll(() => posted.textContent(), { timeout: 15_000 }).toMatch(/Always shown · Courses only/);
    expect(await inLearn()).toMatchObject({ showAtLogin: false, availability: { duration: { type: 'Permanent' } } });

    await posted.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Delete announcement');
    await expect.poll(() => posted.count(), { timeout: 15_000 }).toBe(0);
    expect(await inLearn()).toBeUndefined();
    expect(refused).toEqual([]);
    await page.close();
  });
});

describe('announcements as the instructor', () => {
  const demo = useDemoHost();

  it('shows what she may read, every change disabled with the reason, and the saved list offline', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await openAnnouncements(page, demo.host);
    await expect.poll(() => articleOf(page, 'Fall registration has closed').count()).toBe(0); // expired: not shown to her
    await expect.poll(() => page.getByRole('button', { name: 'New announcement' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('create-why').textContent()).toMatch(/^Only a Learn system administrator may post, change or delete system announcements\. Your Learn system role \(User\) may only read them; ask your Learn administrator/);
    await checkScreen(page, 'announcements-not-allowed');
    const welcome = articleOf(page, 'Welcome to Northfield Learn');
    await expect.poll(() => welcome.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    await expect.poll(() => welcome.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await expect.poll(() => welcome.getByRole('link', { name: 'help desk' }).count()).toBe(1);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await page.getByRole('button', { name: 'Announcements', exact: true }).click();
    await expect.poll(() => page.getByTestId('announcements-offline').textContent()).toMatch(/^Offline: as of /);
    await expect.poll(() => welcome.count()).toBe(1);
    // Offline, changes would wait in the outbox: what still disables them is the saved copy's rights.
    await expect.poll(() => page.getByRole('button', { name: 'New announcement' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('create-why').textContent()).toMatch(/^Only a Learn system administrator may post.*ask your Learn administrator/);
    await checkScreen(page, 'announcements-offline');
    await context.close();
  });
});
