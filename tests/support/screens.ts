import type { Page } from 'playwright-core';

/** A full-page screenshot named `name`, when ROLLBOOK_SCREENSHOTS names a folder (for looking at a changed screen). */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.ROLLBOOK_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
