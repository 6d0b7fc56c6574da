import { z } from 'zod';
import { Calendar, CalendarItem } from '../../../../shared/api/calendar';
import { readReview, readReviews, saveReview, type RollbookDb } from '../../db';
import type { ReadWindow } from './calendar-dates';

/**
 * The calendar as last read from Learn, kept in `reviewCache` so it can be reviewed offline: one
 * row per read window (kind `calendar.window`) and one for the list of calendars. Rows are keyed by
 * the signed-in user (`owner`), so on a shared computer nobody sees another's personal calendar.
 * Values are read back through their schemas: a damaged row counts as not saved.
 */

export const WINDOW_KIND = 'calendar.window';
export const CALENDARS_KIND = 'calendar.calendars';
const windowKey = (owner: string, w: ReadWindow): string => `${WINDOW_KIND}:${owner}:${w.since}`;
const calendarsKey = (owner: string): string => `${CALENDARS_KIND}:${owner}`;

export interface SavedWindow {
  since: string;
  savedAt: string;
  items: CalendarItem[];
}

const WindowValue = z.object({ items: z.array(CalendarItem) });
const CalendarsValue = z.object({ calendars: z.array(Calendar) });

export async function saveWindow(db: RollbookDb, owner: string, w: ReadWindow, items: readonly CalendarItem[]): Promise<void> {
  await saveReview(db, { key: windowKey(owner, w), courseId: null, kind: WINDOW_KIND }, { items });
}

/** The saved copies of these windows (missing or damaged ones left out). */
export async function savedWindows(db: RollbookDb, owner: string, windows: readonly ReadWindow[]): Promise<SavedWindow[]> {
  const rows = await readReviews(db, windows.map((w) => windowKey(owner, w)), WindowValue);
  const saved: SavedWindow[] = [];
  rows.forEach((row, i) => {
    const w = windows[i];
    if (row && w) saved.push({ since: w.since, savedAt: row.savedAt, items: row.value.items });
  });
  return saved;
}

const ownRows = (db: RollbookDb, owner: string) => db.reviewCache.where('kind').equals(WINDOW_KIND).filter((row) => row.key.startsWith(`${WINDOW_KIND}:${owner}:`));

/** Every saved item of every window of this user (to find where a series starts). */
export async function allSavedItems(db: RollbookDb, owner: string): Promise<CalendarItem[]> {
  return (await ownRows(db, owner).toArray()).flatMap((row) => {
    const parsed = WindowValue.safeParse(row.value);
    return parsed.success ? parsed.data.items : [];
  });
}

export async function saveCalendars(db: RollbookDb, owner: string, calendars: readonly Calendar[]): Promise<void> {
  await saveReview(db, { key: calendarsKey(owner), courseId: null, kind: CALENDARS_KIND }, { calendars });
}

export async function savedCalendars(db: RollbookDb, owner: string): Promise<Calendar[] | undefined> {
  return (await readReview(db, calendarsKey(owner), CalendarsValue))?.value.calendars;
}

/**
 * After a write, the windows on screen are read again; the other saved windows may show what
 * Learn no longer has (a series spans many), so they are dropped and read when next shown.
 */
export async function forgetOtherWindows(db: RollbookDb, owner: string, keep: readonly ReadWindow[]): Promise<void> {
  const kept = new Set(keep.map((w) => windowKey(owner, w)));
  await ownRows(db, owner)
    .filter((row) => !kept.has(row.key))
    .delete();
}
