import { describe, expect, it } from 'vitest';
import { APP_ENTRY, isAppUrl, windowOptions } from '../../electron/host/window-options';

// The desktop window's security settings, checked without an Electron runtime.
describe('desktop window options', () => {
  const prefs = windowOptions('/app/preload.cjs').webPreferences ?? {};

  it('sandboxes and isolates the renderer, without Node', () => {
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/preload.cjs',
    });
  });

  it('treats only app://rollbook as the app origin', () => {
    expect(isAppUrl(APP_ENTRY)).toBe(true);
    for (const url of ['app://rollbook.evil/index.html', 'app://evil/index.html', 'file:///etc/passwd', 'http://rollbook/', 'https://127.0.0.1/', 'javascript:alert(1)', 'not a url']) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});
