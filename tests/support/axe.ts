import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's WCAG 2.0, 2.1 and 2.2 A/AA rules (2.2 adds target size) on the page as it is now. The script goes in through the
 * DevTools protocol (page.evaluate), which the renderer's CSP does not apply to; a script tag
 * would be refused, as it should be.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules whose answer depends on colour: all a second colour scheme can change. The screen
 * check runs only these in dark, since structure, names and sizes are the same in both schemes.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `rules` narrows the run to those rule ids (still WCAG A/AA ones); by default every WCAG 2.2 A/AA rule. */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // Once per document: the screen check runs axe four times in a row.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_AA };
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, runOnly);
}
