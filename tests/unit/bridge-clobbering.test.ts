// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptLaunchKey, invoke } from '../../renderer/src/bridge';
import { sanitiseRichText } from '../../renderer/src/ui/rich-text';

/**
 * Browser mode reaches the host through `POST /ipc/<channel>`; the desktop through the preload's
 * `window.rollbook`. Learn HTML naming an element `rollbook` (before the sanitiser renamed ids,
 * and whatever it lets through later) made `window.rollbook` that element, so every call after the
 * item was shown failed and its release rules read "could not reach Learn". The bridge is read
 * once at start, so markup put on the page later cannot stand in for it.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'rollbook');
});

describe('the bridge, read once at start', () => {
  it('still reaches the host after Learn HTML with id="rollbook" is on the page', async () => {
    document.head.innerHTML = '<meta name="rollbook-key" content="launch-key-1">';
    adoptLaunchKey();
    const calls: { url: string; key: string | null }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, key: new Headers(init.headers).get('X-Rollbook-Key') });
      return Promise.resolve(new Response(JSON.stringify({ ok: true, value: { rules: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });

    // Markup as written, the way it reached the page before. Chromium's named access then makes
    // window.rollbook that element; jsdom has no named access, so it is given here as Chromium does.
    const item = document.createElement('div');
    item.innerHTML = '<div id="rollbook">Week 3 reading</div>';
    document.body.append(item);
    Object.defineProperty(window, 'rollbook', { configurable: true, get: () => document.getElementById('rollbook') ?? undefined });
    expect(window.rollbook).toBeInstanceOf(HTMLElement);

    await expect(invoke('app.info', {})).resolves.toEqual({ rules: [] });
    expect(calls).toEqual([{ url: '/ipc/app.info', key: 'launch-key-1' }]);
  });

  it('and the sanitiser keeps such markup from clobbering in the first place', () => {
    const holder = document.createElement('div');
    holder.innerHTML = sanitiseRichText('<p id="rollbook">Week 3 reading</p>');
    document.body.replaceChildren(holder);
    expect(window.rollbook).toBeUndefined();
  });
});
