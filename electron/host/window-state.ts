import { join } from 'node:path';
import { z } from 'zod';
import { readPrivateJson, replacePrivateFile } from '../core/files/private-file';

/**
 * The window's size and place, kept between launches (`window-state.json` in the data folder).
 * A kept place may lie on a display that is gone (the laptop left its second screen at school) or
 * be damaged: the window then opens on a display that is there, or at its default size, never off
 * every screen. Electron-free: main.ts hands in the displays (`screen.getAllDisplays()`).
 */
const STATE_FILE = 'window-state.json';

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 720, height: 480 } as const;
/** How much of the title bar must lie on a display for the window to be reachable with the mouse. */
const REACHABLE = 64;

const Coordinate = z.number().int().min(-100_000).max(100_000);
const Length = z.number().int().min(1).max(100_000);
export const WindowState = z.strictObject({
  x: Coordinate,
  y: Coordinate,
  width: Length,
  height: Length,
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowState>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What opens: a size, a place when one is known to be on a display, and whether to maximise. */
export interface WindowPlacement {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

/** The kept state, or undefined when there is none or it is damaged (the window then opens at its defaults). */
export async function readWindowState(dataDir: string): Promise<WindowState | undefined> {
  const kept = await readPrivateJson(join(dataDir, STATE_FILE), WindowState).catch(() => undefined);
  return kept?.state === 'read' ? kept.data : undefined;
}

export async function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  await replacePrivateFile(join(dataDir, STATE_FILE), JSON.stringify(WindowState.parse(state)));
}

/**
 * Where the window opens, given the kept state and the displays' work areas (the screen less
 * task bars and docks). On the display it was on, the kept place is kept, shrunk to fit; off every
 * display, it is centred on the first (the primary) at its kept size, shrunk to fit.
 */
export function placeWindow(kept: WindowState | undefined, workAreas: readonly Rectangle[]): WindowPlacement {
  if (!kept) return { ...DEFAULT_SIZE, maximized: false };
  const home = workAreas.find((area) => titleBarOn(kept, area));
  const area = home ?? workAreas[0];
  if (!area) return { width: kept.width, height: kept.height, maximized: kept.maximized };
  const width = clamp(kept.width, Math.min(MIN_SIZE.width, area.width), area.width);
  const height = clamp(kept.height, Math.min(MIN_SIZE.height, area.height), area.height);
  const x = home ? clamp(kept.x, area.x, area.x + area.width - width) : area.x + Math.round((area.width - width) / 2);
  const y = home ? clamp(kept.y, area.y, area.y + area.height - height) : area.y + Math.round((area.height - height) / 2);
  return { width, height, x, y, maximized: kept.maximized };
}

/** Whether enough of the window's top edge lies inside the area to grab it. */
function titleBarOn(window: Rectangle, area: Rectangle): boolean {
  const left = Math.max(window.x, area.x);
  const right = Math.min(window.x + window.width, area.x + area.width);
  const topInside = window.y >= area.y && window.y < area.y + area.height - REACHABLE / 2;
  return topInside && right - left >= REACHABLE;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}
