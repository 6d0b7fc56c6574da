import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openCourse, type DemoHost } from './roll-call-ui';
import { openRollbook } from './browser';

/** The content E2E tests' shared steps: reach a course's Content screen. */
export const WAIT = { timeout: 15_000 };

/** Opens the app; signs in unless the host's session (shared by a file's tests) already is. */
export async function startApp(page: Page, demo: DemoHost): Promise<void> {
  await openRollbook(page, demo.host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  const courses = page.getByRole('button', { name: /PSYC-101-F26/ });
  await expect.poll(async () => (await signIn.count()) + (await courses.count()), WAIT).toBeGreaterThan(0);
  if ((await signIn.count()) > 0) await signIn.click();
  // Signing in runs the real three-legged flow against the sandbox: slow on a busy machine.
  await expect.poll(() => courses.count(), { timeout: 45_000 }).toBeGreaterThan(0);
}

/** Opens a course's Content tab and waits for its tree. */
export async function openContent(page: Page, course: string): Promise<void> {
  await openCourse(page, course);
  await page.getByRole('button', { name: 'Content', exact: true }).click();
  await expect.poll(() => page.getByRole('treeitem').count(), WAIT).toBeGreaterThan(3);
}

/** Unfolds the content filters (folded behind one button, so the tree comes first). */
export async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filter/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Finds an item anywhere in the course through the title filter and opens its details. */
export async function openItem(page: Page, title: string): Promise<void> {
  await showFilters(page);
  await page.getByLabel('Title contains').fill(title);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('list', { name: 'Matching items' }).getByRole('button', { name: title, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name: title }).count(), WAIT).toBe(1);
}

/** Opens a course's Accessibility tab and waits for the overview read from Ally; returns the tab, to come back to it. */
export async function openAccessibility(page: Page, course: string, wait = { timeout: 20_000 }): Promise<Locator> {
  await openCourse(page, course);
  const tab = page.getByRole('button', { name: 'Accessibility', exact: true });
  await tab.click();
  await expect.poll(() => page.getByTestId('ally-overview-status').textContent(), wait).toMatch(/Read from Ally/);
  return tab;
}
