import type { BrowserWindowConstructorOptions } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE, type WindowPlacement } from './window-state';

/** The renderer's one origin in the desktop host: a privileged custom scheme, never file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'rollbook';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/**
 * Options of every Rollbook window. Kept as data so a unit test can assert them without Electron:
 * the renderer is sandboxed, isolated from the preload, without Node, and cannot load insecure
 * content or open anything itself.
 */
export function windowOptions(preloadPath: string, look: { placement?: WindowPlacement; icon?: string } = {}): BrowserWindowConstructorOptions {
  const { width, height, x, y }: Partial<WindowPlacement> & { width: number; height: number } = look.placement ?? DEFAULT_SIZE;
  return {
    width,
    height,
    ...(x !== undefined && y !== undefined ? { x, y } : {}),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Rollbook',
    // Linux takes the window's icon from here (Windows and macOS from the packaged app's own).
    ...(look.icon !== undefined ? { icon: look.icon } : {}),
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
    },
  };
}

/** True only for URLs of the app's own origin. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
