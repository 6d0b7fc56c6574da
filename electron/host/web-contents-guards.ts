import type { Logger } from '../../shared/logger';
import { isAppUrl } from './window-options';

/**
 * Guards every web contents Electron creates (the window, and anything made later: a devtools
 * view, a frame, a webview someone smuggled in), so none can leave the app's origin, open a window
 * or host a <webview>. Typed structurally so a unit test can drive it without Electron.
 */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: { preventDefault(): void; url?: string }, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export function guardWebContents(contents: GuardedContents, log: Pick<Logger, 'warn'>): void {
  const stayHome = (event: { preventDefault(): void; url?: string }, url?: string): void => {
    const target = url ?? event.url ?? '';
    if (isAppUrl(target)) return;
    event.preventDefault();
    log.warn('Blocked a navigation away from Rollbook', { origin: originOf(target) });
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-frame-navigate', stayHome);
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('Blocked a <webview>');
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * The app saves files (CSV exports, alternative formats) as blob downloads from its own page
 * (renderer/src/ui/save-file.ts). Only those are allowed: a blob: URL the app's origin created,
 * or a file of the app itself. Anything else (a remote URL a link or a redirect points at) is
 * cancelled before it reaches the disk.
 */
export function downloadAllowed(url: string): boolean {
  // A blob URL names its creator's origin: blob:app://rollbook/<uuid>.
  return isAppUrl(url.startsWith('blob:') ? url.slice('blob:'.length) : url);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparseable URL';
  }
}
