import { describe, expect, it } from 'vitest';
import { allowListedOpener, externalUrlAllowed } from '../../electron/host/external-url';

// The system browser opens only the Learn site being signed in to (or the demo sandbox).
describe('openExternal allow-list', () => {
  const site = 'https://learn.example.edu';

  it('lets through http(s) URLs of an allowed origin only', () => {
    expect(externalUrlAllowed(`${site}/learn/api/public/v1/oauth2/authorizationcode?client_id=k`, [site])).toBe(true);
    expect(externalUrlAllowed('http://127.0.0.1:4000/learn/x', [undefined, 'http://127.0.0.1:4000'])).toBe(true);
    for (const url of [
      'https://learn.example.edu.evil.com/',
      'https://evil.example/?r=https://learn.example.edu',
      'http://learn.example.edu/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-settings:',
      'https://user:pw@learn.example.edu/',
      'not a url',
    ]) {
      expect(externalUrlAllowed(url, [site]), url).toBe(false);
    }
    expect(externalUrlAllowed(`${site}/`, [undefined])).toBe(false);
  });

  it('never calls the opener for a refused URL', async () => {
    const opened: string[] = [];
    const open = allowListedOpener((url) => Promise.resolve(void opened.push(url)), () => [site]);
    await expect(open('https://evil.example/')).rejects.toThrow(/only the Learn site/);
    await open(`${site}/learn/`);
    expect(opened).toEqual([`${site}/learn/`]);
  });
});
