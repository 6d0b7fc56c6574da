import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { writeHostWords } from '../../shared/i18n/host-sentence';
import { en } from '../../shared/i18n/messages/en';
import { translator, type Translator } from '../../shared/i18n/translate';
import type { IpcError } from '../../shared/ipc/contract';
import { ok } from '../support/ipc-answer';
import { setQuota } from '../support/sandbox-controls';

/**
 * A failed call's sentence through browser mode's real dispatch, the real Learn client and the
 * real sandbox: the IpcError carries the catalogue's words beside the English, and the words
 * write the same sentence in the instructor's language.
 */
let host: RunningWebHost;
let dataDir: string;
let english: Translator;
let spanish: Translator;
let arabic: Translator;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-httpwords-'));
  host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir });
  english = translator('en', en, en);
  spanish = translator('es', await loadCatalogue('es'), en);
  arabic = translator('ar', await loadCatalogue('ar'), en);
});

afterAll(async () => {
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function refused(answer: Promise<{ ok: true } | { ok: false; error: IpcError }>): Promise<IpcError & { words: NonNullable<IpcError['words']> }> {
  const result = await answer;
  if (result.ok) throw new Error('the call was expected to fail');
  expect(result.error.words, result.error.message).toBeDefined();
  const words = result.error.words!;
  // The English a screen would fall back to is the words' English, exactly.
  expect(writeHostWords(english, words)).toBe(result.error.message);
  return { ...result.error, words };
}

describe('a failed call, in the instructor’s language', () => {
  it('asks for a sign-in in Arabic when nobody is signed in', async () => {
    const error = await refused(call(host.dispatch, 'learn.myCourses', {}));
    expect(error.words.key).toBe('host.signIn.notSignedIn');
    expect(writeHostWords(arabic, error.words)).toBe('لم تسجّل الدخول إلى Learn. سجّل الدخول للمتابعة.');
  });

  it('says what Learn refused and what to do, in Spanish and Arabic, its status only in Details', async () => {
    await ok(call(host.dispatch, 'auth.signInDemo', {}));
    const error = await refused(call(host.dispatch, 'learn.meetings', { courseId: 'courseId:NO-SUCH-COURSE' }));
    expect(error.words.parts?.fix).toEqual({ key: 'http.fix.gone', values: { service: 'Learn' } });
    expect(error.message).toMatch(/^Learn did not do it\. .*It may have been deleted or moved in Learn; refresh and try again\.$/);
    expect(error.detail).toContain('404');
    const inSpanish = writeHostWords(spanish, error.words);
    expect(inSpanish).toMatch(/^Learn no lo hizo\. /);
    expect(inSpanish).toContain('Puede que se haya eliminado o movido en Learn; actualice y vuelva a intentarlo.');
    const inArabic = writeHostWords(arabic, error.words);
    expect(inArabic).toMatch(/^لم يُنفّذ Learn ذلك\. /);
    expect(inArabic).toContain('ربما حُذف أو نُقل في Learn');
  });

  it('says the site’s daily limit is used up, in Spanish', async () => {
    const sandbox = host.sandbox;
    if (!sandbox) throw new Error('demo mode runs the sandbox');
    await setQuota(sandbox, { remaining: 0 });
    const error = await refused(call(host.dispatch, 'learn.meetings', { courseId: 'courseId:PSYC-101-F26' }));
    expect(error.words).toEqual({ key: 'http.usedUp', values: { service: 'Learn' } });
    expect(writeHostWords(spanish, error.words)).toBe('El límite diario de solicitudes a Learn del sitio se ha agotado; Rollbook no envía nada más a Learn hasta que se renueve.');
  });
});
