import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, COLOUR_RULES } from './axe';

/**
 * One check of the screen a test is looking at: axe (WCAG 2.2 A/AA)
 * at 1280 and 390 px in light, and its colour rules again in dark; the words an instructor sees, scanned for developer
 * language; and, when ROLLBOOK_SCREENSHOTS is set (`npm test` sets it), a screenshot at both
 * widths in `.test-results/screens/<screen>-<width>-light.png` (git-ignored; `ROLLBOOK_SCREENSHOTS=all`
 * adds the dark ones). The page's size and colour scheme are put back afterwards, so the test goes
 * on where it was. Throws one readable list.
 */
export const SCREEN_WIDTHS = [1280, 390] as const;
export const SCREEN_SCHEMES = ['light', 'dark'] as const;
export const SCREENS_DIR = join('.test-results', 'screens');

/**
 * What an instructor must not read outside a "Details" disclosure. An entitlement key is allowed
 * only as a permission's own "Learn name: …" (what the administrator searches for), which
 * entitlementInWords writes deliberately.
 */
const DEVELOPER_WORDS: { what: string; pattern: RegExp; really?: (match: string) => boolean }[] = [
  { what: 'a Learn id', pattern: /(?<![\w/.-])_\d+_\d+(?![\w])/ },
  { what: 'a raw HTTP status', pattern: /\bHTTP\/?\s?\d(?:\.\d)?\s?\d{3}\b|\bHTTP \d{3}\b|\bstatus(?: code)?:? \d{3}\b|\b(?:answered|returned|responded with) \d{3}\b|\b\d{3} (?:Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)\b/i },
  { what: 'a handler type', pattern: /\bresource\/x-bb-[\w-]+/ },
  { what: 'an entitlement key', pattern: /(?<!Learn name: )\b(?:system|course|org|group|user)\.(?:[\w*-]+\.)+[A-Z][A-Z_-]+\b/ },
  // A key's stem with the word itself ("system.announcements entitlements (CREATE, …)"), which the rule above misses.
  { what: 'an entitlement key', pattern: /\b(?:system|course|org|group|user)\.[a-z][\w.*-]*\s+(?:entitlements?|privileges?)\b/i },
  { what: 'a content hash', pattern: /\b[0-9a-f]{32,}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i },
  // Base64 (Ally's content hashes, "V2VlayAx…"): a long run of letters and digits that changes between
  // lower case, upper case and digits at every third character or more often; a name in CamelCase does not.
  { what: 'a content hash', pattern: /(?<![\w/+])[A-Za-z0-9+/]{20,}={0,2}/, really: (m) => /\d/.test(m) && /[A-Z]/.test(m) && /[a-z]/.test(m) && classChanges(m) >= m.length / 3 },
  { what: 'an API path', pattern: /(?<![\w.])\/(?:learn\/api|api)\/[\w/.:{}-]*/i },
  // The sync engine's phases and counts ("reading 3 of 3", "records 2 of 5"): what the machine is doing, not what the instructor gets.
  { what: 'a technical counter', pattern: /\b(?:reading|meetings|records|changes|batch|page|request) \d[\d,]* of \d[\d,]*\b/i },
  { what: 'a developer word', pattern: /\bbyte[- ]order mark\b|\bBOM\b|\bendpoint\b|\bpayload\b|\bnull\b|\bundefined\b|\bNaN\b/i },
];

/** The screen's words as a user meets them: visible text and accessible names, minus "Details" disclosures. */
async function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inDetails = (el: Element): boolean => {
      const details = el.closest('details');
      return !!details && /^\s*details\b/i.test(details.querySelector(':scope > summary')?.textContent ?? '') && !el.closest('summary');
    };
    const shown = (el: Element): boolean => !el.closest('script, style, template, noscript') && !inDetails(el) && el.checkVisibility({ visibilityProperty: true });
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (el && text && shown(el)) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(`${value} (${attr})`);
      }
    }
    return out;
  });
}

/** How often a run of characters moves between lower case, upper case, digits and the rest. */
function classChanges(run: string): number {
  const kind = (c: string): number => (/[a-z]/.test(c) ? 0 : /[A-Z]/.test(c) ? 1 : /\d/.test(c) ? 2 : 3);
  let changes = 0;
  for (let i = 1; i < run.length; i++) if (kind(run[i - 1] ?? '') !== kind(run[i] ?? '')) changes++;
  return changes;
}

export function developerWordsIn(texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const { what, pattern, really = () => true } of DEVELOPER_WORDS) {
      const match = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].find((m) => really(m[0]));
      if (match) found.push(`${what} "${match[0]}" in: ${text.length > 160 ? `${text.slice(0, 157)}…` : text}`);
    }
  }
  return [...new Set(found)];
}

/**
 * Two frames, so layout that follows the window's size (resize observers, virtual lists) has run;
 * then the colour transitions a new scheme starts (buttons ease into it), so axe reads end colours.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
}

/**
 * Checks the screen as it is now; `screen` names it in the failure and the screenshots ("roll-call").
 * `schemes` narrows the pass (a walk over every screen checks light only); `screenshots: false` saves none.
 */
export async function checkScreen(page: Page, screen: string, options: { schemes?: readonly (typeof SCREEN_SCHEMES)[number][]; screenshots?: boolean } = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  const wasDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const shots = process.env.ROLLBOOK_SCREENSHOTS && options.screenshots !== false ? SCREENS_DIR : null;
  const darkShots = process.env.ROLLBOOK_SCREENSHOTS === 'all';
  const file = screen.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  if (shots) mkdirSync(shots, { recursive: true });
  const problems: string[] = [];
  try {
    for (const colorScheme of options.schemes ?? SCREEN_SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: size.height });
        await settle(page);
        for (const v of await axeViolations(page, colorScheme === 'dark' ? COLOUR_RULES : undefined)) problems.push(`axe at ${width} px, ${colorScheme}: ${v}`);
        // Words do not change with the colour scheme: read them once per width.
        if (colorScheme === 'light') problems.push(...developerWordsIn(await wordsOnScreen(page)).map((w) => `at ${width} px: ${w}`));
        if (shots && (colorScheme === 'light' || darkShots)) await page.screenshot({ path: join(shots, `${file}-${width}-${colorScheme}.png`) });
      }
    }
  } finally {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
  }
  if (problems.length > 0) {
    throw new Error(`The screen "${screen}" has ${problems.length} problem(s):\n${[...new Set(problems)].map((p) => `  - ${p}`).join('\n')}`);
  }
}
