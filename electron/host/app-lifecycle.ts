import type { App, BrowserWindow, Display } from 'electron';
import type { Logger } from '../../shared/logger';
import { placeWindow, readWindowState, saveWindowState, type WindowPlacement } from './window-state';

/**
 * What an installed app does around its one window: one Rollbook per user (a second launch brings
 * the first one's window forward, as a dock or start-menu click would, and quits), the about panel
 * with the version, and the window's size and place kept between launches.
 */

/**
 * Takes the single-instance lock. False: another Rollbook holds it (it was told, through its
 * `second-instance` event), so this one must quit before opening anything. Electron keys the lock by
 * the data folder, so a test or a portable copy with its own folder runs beside the installed one.
 */
export function claimSingleInstance(app: Pick<App, 'requestSingleInstanceLock' | 'on'>, window: () => BrowserWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const current = window();
    if (!current || current.isDestroyed()) return;
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  });
  return true;
}

/** The about panel (the app menu on macOS; Linux and Windows show it through `app.showAboutPanel`). */
export function setAboutPanel(app: Pick<App, 'setAboutPanelOptions' | 'getVersion'>, iconPath?: string): void {
  app.setAboutPanelOptions({
    applicationName: 'Rollbook',
    applicationVersion: app.getVersion(),
    version: app.getVersion(),
    copyright: 'Copyright © Rollbook contributors',
    ...(iconPath !== undefined ? { iconPath } : {}),
  });
}

/** Where the window opens: its kept place when that is on a display now, else its defaults. */
export async function keptPlacement(dataDir: string, displays: readonly Pick<Display, 'workArea'>[]): Promise<WindowPlacement> {
  return placeWindow(await readWindowState(dataDir), displays.map((display) => display.workArea));
}

/**
 * Keeps the window's size and place as it closes (its unmaximised bounds, and whether it was
 * maximised). Returns the write under way, which the host awaits before it quits.
 */
export function keepWindowState(window: BrowserWindow, dataDir: string, log: Logger): () => Promise<void> {
  let written: Promise<void> = Promise.resolve();
  window.on('close', () => {
    const { x, y, width, height } = window.getNormalBounds();
    const state = { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height), maximized: window.isMaximized() };
    written = saveWindowState(dataDir, state).catch((error: unknown) =>
      log.warn('Could not keep the window’s size and place', { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  return () => written;
}
