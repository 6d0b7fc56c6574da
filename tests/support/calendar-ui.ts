import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningWebHost } from '../../electron/web-host';
import type { DemoHost } from './roll-call-ui';
import { openRollbook } from './browser';

/** The calendar E2E tests' shared steps: a page on campus time, the app, the Calendar at a date. */

/** Opens the app, signing in to the demo unless the host's session is already signed in (an earlier test). */
export async function openApp(page: Page, host: RunningWebHost): Promise<void> {
  await openRollbook(page, host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  await expect
    .poll(
      async () => {
        if ((await page.getByRole('button', { name: 'Calendar', exact: true }).count()) === 1) return true;
        if ((await signIn.count()) === 1 && (await signIn.isEnabled({ timeout: 1_000 }).catch(() => false))) await signIn.click({ timeout: 1_000 }).catch(() => undefined);
        return false;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

export async function openCalendarAt(page: Page, date: string): Promise<void> {
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await page.getByLabel('Go to date').fill(date);
}

/**
 * A page on campus time (US Eastern, where the demo's dates are set) that accepts confirmations
 * and collects any Content-Security-Policy refusal (the screens must need no inline style or script).
 */
export async function campusPage(demo: DemoHost): Promise<{ context: BrowserContext; page: Page; refused: string[] }> {
  const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Refused to')) refused.push(message.text());
  });
  return { context, page, refused };
}

/** The list of the focused day's events, below the grid. */
export const dayList = (page: Page) => page.getByRole('region', { name: /^Events on / });
