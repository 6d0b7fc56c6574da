import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkScreen, SCREENS_DIR } from '../support/screen-check';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';

/**
 * The roll sheet on paper: a meeting of the 300-student lecture printed as Chromium prints it (its
 * PDF of the print stylesheet) holds every student, on numbered pages, with their photos, and
 * nothing of the app around it; the sheet on screen is clean under axe at both widths.
 */

/** Each page's text, read from the PDF as a reader would. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

describe('roll sheet', () => {
  const demo = useDemoHost();

  it('prints every student of a 300-student course on numbered pages with photos, and only the sheet', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'E2E roll sheet', date: '2026-12-02', start: '09:00', end: '10:00' });

    await page.getByTestId('roll-sheet-open').click();
    // Focus moves to the sheet, and every student is on it, whatever a search showed.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('roll-sheet-heading');
    const rows = page.getByTestId('sheet-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(300);
    // The photos arrive from Learn while the sheet is open, and it says so until every one is known
    // (about one demo student in seven has none: initials).
    await page.getByTestId('sheet-photos-waiting').waitFor({ state: 'detached', timeout: 180_000 });
    // Every photo on the sheet is drawn (an SVG or a student without one shows initials).
    const images = page.getByTestId('roll-sheet').locator('img');
    await expect.poll(() => images.evaluateAll((imgs) => imgs.every((i) => i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0))).toBe(true);
    expect(await images.count()).toBeGreaterThan(150);
    await checkScreen(page, 'roll-sheet');

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    if (process.env.ROLLBOOK_SCREENSHOTS) {
      mkdirSync(SCREENS_DIR, { recursive: true });
      writeFileSync(join(SCREENS_DIR, 'roll-sheet.pdf'), pdf);
    }
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(5);
    const text = pages.join('\n');
    // Every student, by the name the sheet writes ("Family, Given").
    const names = await rows.locator('th.name').evaluateAll((cells) => cells.map((c) => (c.firstChild?.textContent ?? '').trim()));
    expect(names).toHaveLength(300);
    const missing = names.filter((name) => !text.replace(/\s+/g, ' ').includes(name));
    expect(missing).toEqual([]);
    // Each page is numbered "n / total", and the app around the sheet (tabs, status bar, buttons) is not printed.
    pages.forEach((words, i) => expect(words).toContain(`${i + 1} / ${pages.length}`));
    expect(text).not.toContain('Print the roll sheet');
    expect(text).not.toContain('Today');
    expect(text).toContain('E2E roll sheet');

    // Back to the roll call, focus where it was.
    await page.getByRole('button', { name: 'Back to the roll call' }).click();
    await expect.poll(() => page.getByTestId('student-row').count()).toBeGreaterThan(0);
    await page.close();
  }, 300_000);
});
