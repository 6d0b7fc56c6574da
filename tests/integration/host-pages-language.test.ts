import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenExternal } from '../../electron/core/auth/authorization-flow';
import { listenForCallback } from '../../electron/core/auth/loopback-listener';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { DEMO_APP } from '../../sandbox/core/context';
import { ok } from '../support/ipc-answer';
import { withSandbox } from '../support/sandbox';
import { fakeBrowser } from './auth-support';
import { ar } from '../../shared/i18n/messages/ar';
import { de } from '../../shared/i18n/messages/de';
import { en } from '../../shared/i18n/messages/en';
import { es } from '../../shared/i18n/messages/es';
import { fr } from '../../shared/i18n/messages/fr';
import { configureLogger } from '../../shared/logger';

/**
 * The pages the host writes itself are in the browser's language (its Accept-Language), English
 * when it asks for none Rollbook has, and Arabic ones run right to left; a sign-in's pages are in
 * the language the app speaks when the app says it (the user's choice in Settings).
 */
beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));

const page = async (url: string, language?: string): Promise<{ status: number; body: string; lang: string | null }> => {
  const answer = await fetch(url, { headers: language ? { 'Accept-Language': language } : {}, redirect: 'manual' });
  return { status: answer.status, body: await answer.text(), lang: answer.headers.get('content-language') };
};

describe('browser mode’s launch pages', () => {
  let host: RunningWebHost;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollbook-pages-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><title>Rollbook</title></head><body>the app</body></html>');
    host = await startWebHost({ port: 0, demo: true, dataDir: dir, rendererDir: dir });
  });
  afterAll(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });
  const at = (path: string): string => `http://127.0.0.1:${host.port}${path}`;

  it('tells how to open Rollbook in Arabic, right to left, with the command as it is typed', async () => {
    const { status, body } = await page(at('/'), 'ar-SA,ar;q=0.9,en;q=0.5');
    expect(status).toBe(401);
    expect(body).toContain('<html lang="ar" dir="rtl">');
    expect(body).toContain(`<h1>${ar['host.launch.howToOpen.title']}</h1>`);
    expect(body).toContain('<code dir="ltr">npm start</code>');
    expect(body).not.toContain(en['host.launch.howToOpen.title']);
  });

  it('tells a spent launch link in the most wanted language Rollbook has, and in English when it has none', async () => {
    const german = await page(at('/launch?code=guess'), 'pt-BR, es;q=0.8, de;q=0.9');
    expect(german.status).toBe(403);
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain(de['host.launch.spent.title']);
    const portuguese = await page(at('/launch?code=guess'), 'pt-BR,pt;q=0.9');
    expect(portuguese.body).toContain('<html lang="en" dir="ltr">');
    expect(portuguese.body).toContain(en['host.launch.spent.title']);
    expect((await page(at('/'), 'fr;q=0, es')).body).toContain(es['host.launch.howToOpen.title'].replace(/'/g, '&#39;'));
  });
});

describe('the sign-in’s own pages', () => {
  it('answers a stray address in the browser’s language', async () => {
    const controller = new AbortController();
    const listener = await listenForCallback({ siteId: 'site-1', state: 'a-state', timeoutMs: 60_000, signal: controller.signal });
    try {
      const { status, body, lang } = await page(`http://127.0.0.1:${listener.port}/favicon.ico`, 'fr-CA,fr;q=0.9');
      expect(status).toBe(404);
      expect(lang).toBe('fr');
      expect(body).toContain('<html lang="fr" dir="ltr">');
      expect(body).toContain(`<h1>${fr['host.page.notFound.title']}</h1>`);
      const arabic = await page(`http://127.0.0.1:${listener.port}/favicon.ico`, 'ar');
      expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
      expect(arabic.body).toContain(ar['host.page.notFound.message']);
    } finally {
      controller.abort();
      await listener.callback.catch(() => undefined);
      await listener.closed;
    }
  });
});

describe('a sign-in’s pages in the browser', () => {
  it('are in the app’s language, whatever the browser asks for', async () => {
    const site = await withSandbox();
    const dir = await mkdtemp(join(tmpdir(), 'rollbook-sign-in-pages-'));
    const browser = fakeBrowser({ userName: 'instructor' }); // asks for no language: Node's fetch sends "*"
    const openExternal: OpenExternal = (url) => browser.openExternal(url);
    const host = await startWebHost({ port: 0, demo: false, dataDir: dir, rendererDir: dir, openExternal });
    try {
      const signIn = { learnUrl: site.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret };
      await ok(call(host.dispatch, 'auth.signIn', { ...signIn, language: 'de' }));
      const german = (await browser.last()).donePage ?? '';
      expect(german).toContain('<html lang="de" dir="ltr">');
      expect(german).toContain(`<h1>${de['host.page.received.title']}</h1>`);
      // Opened again from the chooser once signed out: the browser again, in Arabic.
      await ok(call(host.dispatch, 'auth.signOut', {}));
      await ok(call(host.dispatch, 'auth.openSite', { learnUrl: site.learnUrl, language: 'ar' }));
      expect((await browser.last()).donePage).toContain('<html lang="ar" dir="rtl">');
      // Without the app's word, the browser's own language, as before (here none: English).
      await ok(call(host.dispatch, 'auth.signOut', {}));
      await ok(call(host.dispatch, 'auth.signIn', signIn));
      expect((await browser.last()).donePage).toContain(`<h1>${en['host.page.received.title']}</h1>`);
    } finally {
      await host.close();
      await site.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
