import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningWebHost } from '../../electron/web-host';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import { learnAs, PSYC } from '../integration/learn-support';
import { openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { openRollbook } from '../support/browser';
import { checkScreen } from '../support/screen-check';

/**
 * Ally in Chromium against the demo: the course overview worst first
 * (read with Ally's batch operation), a PDF's report with its problem boxes drawn over the
 * rendered page, and an HTML and an ePub version generated with progress and previewed in the
 * app; with no Content Security Policy violation on the way (pdf.js, its worker, the previews).
 */
const WAIT = { timeout: 20_000 };

/** Console errors the CSP raises ("Refused to ...") and uncaught page errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** The host keeps its sign-in between pages: sign in only when the page asks for it. */
async function signedIn(page: Page, host: RunningWebHost): Promise<void> {
  await openRollbook(page, host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  const courses = page.getByRole('button', { name: /PSYC-101-F26/ });
  await expect.poll(async () => (await signIn.count()) + (await courses.count()), WAIT).toBeGreaterThan(0);
  if ((await signIn.count()) > 0) await signInToDemo(page, host);
}

async function openAccessibility(page: Page, course: string): Promise<void> {
  await openCourse(page, course);
  await page.getByRole('button', { name: 'Accessibility', exact: true }).click();
  await expect.poll(() => page.getByTestId('ally-file').count(), WAIT).toBeGreaterThan(0);
}

describe('Ally reports and formats in browser mode', () => {
  const demo = useDemoHost();

  it('lists the course files worst first and opens a PDF report with its problem boxes drawn', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signedIn(page, demo.host);
    await openAccessibility(page, 'PSYC-101-F26');

    // Worst first: the scanned handout leads, the fully accessible syllabus comes after it.
    const rows = page.getByTestId('ally-file');
    await expect.poll(() => rows.first().locator('th').textContent(), WAIT).toBe('Week 2 - Research Methods (scanned).pdf');
    const readScores = async (): Promise<number[]> => (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-score') ?? ''))).filter((s) => s !== '').map(Number);
    await expect.poll(async () => (await readScores()).length).toBeGreaterThanOrEqual(4);
    const scores = await readScores();
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    await expect.poll(() => page.getByTestId('ally-overview').textContent()).toContain('Syllabus PSYC 101 Fall 2026.pdf');

    await openRollbook(page, demo.host);
    await openAccessibility(page, 'HIST-310-F26');
    await page.getByRole('button', { name: 'Primary sources 1492-1600.pdf' }).click();

    // The report: score, failing checks with the score once fixed and where, metadata.
    await expect.poll(() => page.getByTestId('ally-score').textContent(), WAIT).toMatch(/Ally score \d+%/);
    const contrast = page.locator('[data-testid="ally-check"][data-check="Contrast"]');
    await expect.poll(() => contrast.textContent()).toMatch(/Text contrast.*54% passed.*page 1 \(3 places\).*darker text/);
    await expect.poll(() => page.locator('[data-check="Title"]').textContent()).toContain('Set the title');
    await expect.poll(() => page.getByTestId('ally-metadata').textContent()).toContain('application/pdf');

    // The page is drawn and the four boxes (one image, three low-contrast lines) sit over it.
    const sheet = page.locator('[data-testid="pdf-page"][data-page="1"]');
    await expect.poll(() => sheet.getAttribute('data-drawn'), WAIT).toBe('yes');
    const boxes = sheet.getByTestId('problem-box');
    await expect.poll(() => boxes.count()).toBe(4);
    await checkScreen(page, 'ally-file-report');
    const canvas = await sheet.locator('canvas').boundingBox();
    const image = await boxes.and(page.getByTitle('Images have descriptions')).boundingBox();
    if (!canvas || !image) throw new Error('the page and its boxes have a size');
    // Ally's image box: x 72..288 of a 612-point page, 593.1..449.1 up from the bottom of 792.
    expect((image.x - canvas.x) / canvas.width).toBeCloseTo(72 / 612, 2);
    expect((image.y - canvas.y) / canvas.height).toBeCloseTo((792 - 593.1) / 792, 2);
    expect(image.height / canvas.height).toBeCloseTo(144 / 792, 2);
    expect(image.width / canvas.width).toBeCloseTo(216 / 612, 2);
    // Something was really drawn: the canvas is not blank.
    const inked = await sheet.locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(500);
    await expect.poll(() => page.getByTestId('ally-history').locator('li').count()).toBe(1);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('generates HTML, ePub and a French translation with progress, previews them in the app and saves Braille', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signedIn(page, demo.host);
    await openAccessibility(page, 'PSYC-101-F26');
    await page.getByRole('button', { name: 'Week 1 - What is Psychology.pdf' }).click();

    await page.getByRole('radio', { name: /^HTML/ }).check();
    await page.getByRole('button', { name: 'Generate HTML' }).click();
    // Progress: Ally's stages show while it works (the demo takes about three seconds).
    await expect.poll(() => page.getByTestId('format-status').textContent(), WAIT).toMatch(/HTML: (Waiting for Ally to start|Ally is generating it)/);
    const preview = page.getByTestId('format-preview');
    await expect.poll(() => preview.count(), WAIT).toBe(1);
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe('Week 1: What is Psychology?');
    await expect.poll(() => preview.textContent()).toContain('Psychology is the scientific study of the mind');
    await expect.poll(() => page.getByRole('button', { name: 'Save Week 1 - What is Psychology (HTML).html' }).count()).toBe(1);
    await checkScreen(page, 'ally-format-preview');

    await page.getByRole('radio', { name: /^ePub/ }).check();
    await page.getByRole('button', { name: 'Generate ePub' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Preview of the ePub version' }).count(), WAIT).toBe(1);
    const book = page.getByRole('region', { name: 'Preview of the ePub version' });
    await expect.poll(() => book.textContent()).toMatch(/1 chapter[\s\S]*Psychology is the scientific study of the mind/);

    // A translation, with its language: the preview is marked as French for screen readers.
    await page.getByRole('radio', { name: /^Translation/ }).check();
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Generate Translation fr' }).click();
    const french = page.getByRole('region', { name: 'Preview of the Translation fr version' });
    await expect.poll(() => french.count(), WAIT).toBe(1);
    await expect.poll(() => french.getAttribute('lang')).toBe('fr');

    // A format to save: the download is the file Ally made, under the original's name.
    await page.getByRole('radio', { name: /^Braille/ }).check();
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Generate Braille' }).click();
    expect((await download).suggestedFilename()).toBe('Week 1 - What is Psychology (Braille).brf');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a file Ally has never seen and shows its new report', async () => {
    // An instructor adds a handout in Learn: Ally has never seen these bytes.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const text = 'The students read the extra chapter and then they discuss it with the instructor in the seminar.';
    const bytes = writePdf({ title: 'Extra reading', lang: 'en', blocks: [{ kind: 'heading', level: 1, text: 'Extra reading' }, { kind: 'paragraph', text }] }, { tagged: false });
    const upload = await learn.content.upload({ fileName: 'Extra reading.pdf', data: new Uint8Array(bytes), mimeType: 'application/pdf' });
    await learn.content.createContent(PSYC, { title: 'Extra reading', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: upload.id, fileName: 'Extra reading.pdf' } } });

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signedIn(page, demo.host);
    await openAccessibility(page, 'PSYC-101-F26');
    const row = page.getByTestId('ally-file').filter({ hasText: 'Extra reading.pdf' });
    await expect.poll(() => row.textContent(), WAIT).toContain('Not checked by Ally yet');
    await row.getByRole('button', { name: 'Send to Ally' }).click();
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/Checked/);
    await expect.poll(async () => Number(await row.getAttribute('data-score'))).toBeGreaterThan(0);
    // The other files stay listed with their reports.
    await expect.poll(() => page.getByTestId('ally-file').count()).toBe(5);
    await row.getByRole('button', { name: 'Extra reading.pdf' }).click();
    await expect.poll(() => page.locator('[data-check="Tagged"]').textContent(), WAIT).toMatch(/PDF is tagged.*0% passed/);
    // Focus moves to the report's heading, so keyboard and screen-reader users start there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Extra reading.pdf');
    await context.close();
  });
});
