import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTENT_HANDLERS } from '../../shared/api/content';
import { collect, HIST, learnAs } from '../integration/learn-support';
import { openAccessibility } from '../support/content-ui';
import { signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The Ally overview's default order, "By when students see it": files open to students now come
 * first, lowest score first; then those still to open, earliest first, each with its date; then
 * those no student can reach, marked so with the reason. The week ahead counts what opens in the
 * next seven days. Offline, the same order from this device's copies.
 */
const WAIT = { timeout: 20_000 };
const DAY = 24 * 60 * 60 * 1000;

async function rows(page: Page): Promise<{ name: string; sees: string; words: string }[]> {
  return page.getByTestId('ally-file').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('th')?.textContent?.trim() ?? '',
      sees: tr.getAttribute('data-sees') ?? '',
      words: tr.querySelector('[data-testid="ally-file-sees"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    })),
  );
}

describe('Ally overview by when students see each file', () => {
  const demo = useDemoHost();

  it('puts open low-scoring files first, then openings by date, then files no student can reach; offline too', async () => {
    // The course as the instructor set it up in Learn: a folder opening in two days, one in ten, and a file in a hidden week.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const hiddenWeek = (await collect(learn.content.listContents(HIST, { recursive: true }))).find((i) => i.title === 'Week 7');
    if (!hiddenWeek) throw new Error('the seminar has a hidden Week 7');
    const fileIn = async (parentId: string, fileName: string): Promise<void> => {
      const upload = await learn.content.upload({ fileName, data: new TextEncoder().encode(`%PDF-1.4 ${fileName}`), mimeType: 'application/pdf' });
      await learn.content.createContent(HIST, { parentId, title: fileName.replace(/\.pdf$/, ''), contentHandler: { id: CONTENT_HANDLERS.file, file: { uploadId: upload.id, fileName } } });
    };
    const opening = (title: string, inDays: number) =>
      learn.content.createContent(HIST, { title, contentHandler: { id: CONTENT_HANDLERS.folder }, availability: { available: 'Yes', adaptiveRelease: { start: new Date(Date.now() + inDays * DAY).toISOString() } } });
    await fileIn((await opening('Exam preparation', 10)).id, 'Exam pack.pdf');
    await fileIn((await opening('Next seminar', 2)).id, 'Seminar handout.pdf');
    await fileIn(hiddenWeek.id, 'Answers to the source questions.pdf');

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    const accessibility = await openAccessibility(page, 'HIST-310-F26', WAIT);
    await expect.poll(async () => (await rows(page)).length, WAIT).toBe(5);
    await expect.poll(() => page.getByTestId('ally-order').inputValue()).toBe('when-seen');

    const check = async (): Promise<void> => {
      const shown = await rows(page);
      expect(shown.map((r) => r.sees)).toEqual(['now', 'now', 'later', 'later', 'never']);
      // Open files: lowest score first.
      const scores = await page.getByTestId('ally-file').evaluateAll((trs) => trs.slice(0, 2).map((tr) => Number(tr.getAttribute('data-score'))));
      expect(scores[0]).toBeLessThanOrEqual(scores[1] ?? 0);
      expect(shown.slice(2).map((r) => r.name)).toEqual(['Seminar handout.pdf', 'Exam pack.pdf', 'Answers to the source questions.pdf']);
      expect(shown[0]?.words).toMatch(/^Open to students now/);
      expect(shown[2]?.words).toMatch(/^Opens \w{3}, .*\d{1,2}:\d{2}/);
      expect(shown[4]?.words).toBe('No student can reach it: Inside “Week 7”, which is hidden from students');
      expect(await page.getByTestId('ally-week-summary').textContent()).toMatch(/^This week \(to .+\): 1 file opens, 0 below 67%, 1 without an Ally score yet$/);
      expect(await page.getByTestId('ally-week').getByText('Seminar handout.pdf').count()).toBe(1);
    };
    await check();
    await checkScreen(page, 'ally-by-when');

    // The other order is still there.
    await page.getByTestId('ally-order').selectOption('worst-first');
    await expect.poll(async () => (await rows(page)).at(-1)?.sees, WAIT).not.toBe('never');
    await page.getByTestId('ally-order').selectOption('when-seen');

    // Offline: the same order and dates from this device, with no Learn read.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await accessibility.click();
    await expect.poll(() => page.getByTestId('ally-overview-status').textContent(), WAIT).toMatch(/^\s*Offline: as of .*\d/);
    await expect.poll(async () => (await rows(page)).length, WAIT).toBe(5);
    await check();
    await checkScreen(page, 'ally-by-when-offline');
    await context.close();
  });
});
