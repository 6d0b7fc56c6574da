import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import { startWebHost } from '../../electron/web-host';
import { ar } from '../../shared/i18n/messages/ar';
import { fakeBrowser } from '../integration/auth-support';
import { openRollbook, rendererDirOption } from '../support/browser';
import { startApp, WAIT } from '../support/content-ui';
import { go, pageLanguage } from '../support/language-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * What the host says reaches the screen in the instructor's language: "no Learn at this address"
 * in Arabic, right to left; and Settings offers the language of the instructor's Learn account
 * first, from the user Rollbook read at sign-in.
 */

/** A port nothing listens on: the connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the host’s words in the instructor’s language', () => {
  const demo = useDemoHost();

  it('says in Arabic, beside the address, that no server answered there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-host-words-'));
    const host = await startWebHost({ port: 0, demo: false, dataDir, ...rendererDirOption(), openExternal: fakeBrowser().openExternal });
    const context = await demo.browser.newContext({ locale: 'ar', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await openRollbook(page, host);
      await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
      const at = `127.0.0.1:${await closedPort()}`;
      await page.getByLabel('عنوان موقع Learn').fill(`http://${at}/`);
      await page.getByLabel('مفتاح التطبيق').fill(DEMO_APP.key);
      await page.getByRole('button', { name: 'تسجيل الدخول عبر متصفحك' }).click();
      const refused = ar['host.learnNotFound.connectionRefused'].split('{address}');
      const error = page.locator('.field-error');
      await expect.poll(() => error.textContent(), { timeout: 20_000 }).toContain(refused[1]?.slice(0, 40));
      const said = (await error.textContent()) ?? '';
      expect(said).toContain(refused[0]);
      expect(said).toContain(at);
      expect(said).not.toMatch(/could not|Check the address/);
      await checkScreen(page, 'sites-address-refused-arabic');
    } finally {
      await context.close();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('offers the language of the Learn account first in Settings, and uses it in one press', async () => {
    const res = await demo.sandbox.controlFetch('/__sandbox/user-locale', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId: 'userName:instructor', locale: { id: 'es_ES' } }) });
    expect(res.status).toBe(200);
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await go(page, '#/settings');
    const offer = page.getByTestId('learn-language');
    await expect.poll(() => offer.textContent(), WAIT).toContain('Your Learn account is in Español.');
    await checkScreen(page, 'settings-learn-language');
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Use Español' }).click()]);
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'es', dir: 'ltr' });
    await go(page, '#/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Idioma', exact: true }).count(), WAIT).toBe(1);
    // In the language already: nothing more to offer.
    expect(await page.getByTestId('learn-language').count()).toBe(0);
    await context.close();
  });
});
