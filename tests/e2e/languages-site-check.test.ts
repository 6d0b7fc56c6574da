import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { openCourse, useDemoHost } from '../support/roll-call-ui';

/**
 * The site check's words are the host's, sent as catalogue keys: in French, Settings names each
 * feature and says why one is off in French, and the meetings screen turned off by it says the
 * same; in the pseudo-locale every word of the check fits at 390 px. The sandbox's teaching-assistant role loses course.attendance.VIEW as a Learn
 * administrator would take it (tests/e2e/site-check.test.ts), so Learn itself answers 403.
 */
describe('the site check in the instructor’s language', () => {
  const demo = useDemoHost({ demoUser: 'ta' });
  const FRENCH =
    'Votre rôle sur ce site ne permet ni de consulter ni de faire l’appel. Demandez à votre administrateur Learn l’autorisation de voir les présences dans les cours.';

  it('says in French which features the role may use, and why attendance is off', async () => {
    const revoked = await demo.sandbox.controlFetch('/__sandbox/roles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roleId: 'TeachingAssistant', revoke: ['course.attendance.VIEW'] }),
    });
    expect(revoked.status).toBe(200);
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    await chooseLanguage(page, 'fr');

    await go(page, '#/settings');
    const panel = page.getByTestId('site-check');
    const attendance = panel.getByTestId('feature-check').filter({ hasText: 'Séances et appel' });
    await expect.poll(() => attendance.getAttribute('data-state'), WAIT).toBe('not-allowed');
    expect(await attendance.locator('.reason').textContent()).toBe(FRENCH);
    expect(await panel.getByTestId('feature-check').filter({ hasText: 'Listes des participants' }).getAttribute('data-state')).toBe('available');
    // The role the course features were checked with, as Learn's French interface names it.
    expect(await panel.getByText(/où votre rôle est Assistant d’enseignement/).count()).toBe(1);
    // Nothing of the check is left in English.
    expect(await panel.locator('.name, .reason').allTextContents()).not.toContain('Meetings and roll call');
    expect(await panel.textContent()).not.toMatch(/Your role on this site|is not enabled|was not checked/);

    // The meetings screen the check turns off says the same, in French.
    await go(page, '#/today');
    await openCourse(page, 'PSYC-101-F26');
    await expect.poll(() => page.getByTestId('feature-off').textContent(), WAIT).toBe(FRENCH);

    // In the pseudo-locale at 390 px, every word of the check, the refusal included, is the catalogue's and fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await usePseudoLocale(page);
    await go(page, '#/settings');
    await expect.poll(() => panel.locator('[data-testid="feature-check"][data-state="not-allowed"]').count(), WAIT).toBe(1);
    const words = await screenWords(page, '[data-testid="site-check"]', { notMoved: '[data-testid="request-budget"]' });
    expect(words.some((w) => w.text.startsWith('⟦Ýöür rölé'))).toBe(true);
    expect(untranslated(words)).toEqual([]);
    expect(words.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });
});
