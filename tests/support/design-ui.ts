import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Answers the app's confirmation dialog (ui/ConfirmHost.svelte) by pressing the named button. */
export async function answerConfirm(page: Page, button: string): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: button, exact: true }).click();
}

/**
 * The buttons on the page that do not wear the design system's look (`btn`, `btn-cell`, `nav-tab`), named
 * by their text, so a test can list what still shows a default browser control.
 */
export function undesignedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => ![...b.classList].some((c) => c === 'btn' || c === 'btn-cell' || c === 'nav-tab'))
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().replace(/\s+/g, ' ')),
  );
}

/** Saves a screenshot of the page to `.test-results/screens/<name>.png` (an artefact, not a check). */
export async function saveScreen(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), '.test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
