import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../shared/api/calendar';
import { allSavedItems, forgetOtherWindows, savedCalendars, saveCalendars, savedWindows, saveWindow } from '../../renderer/src/features/calendar/calendar-cache';
import { windowAt } from '../../renderer/src/features/calendar/calendar-dates';
import { saveAnnouncements, savedAnnouncements } from '../../renderer/src/features/announcements/announcements-cache';
import { freshDb } from './db-fixtures';

/**
 * The calendar and announcements kept for offline review: per window and per user (one user never
 * sees another's personal calendar on a shared computer), damaged rows skipped, and after a write
 * only the user's other windows dropped.
 */
const FALL = windowAt(Date.parse('2026-09-15T12:00:00Z'));
const WINTER = windowAt(Date.parse('2027-01-15T12:00:00Z'));
const item = (id: string, title: string): CalendarItem => ({ id, type: 'Personal', calendarId: 'PERSONAL', title, start: '2026-09-15T14:00:00.000Z', end: '2026-09-15T15:00:00.000Z' });

describe('calendar kept for offline review', () => {
  it('keeps each window per user, and reads back only what that user saved', async () => {
    const db = await freshDb();
    await saveWindow(db, '_7_1', FALL, [item('_1_1', 'Dentist')]);
    await saveWindow(db, '_9_1', FALL, [item('_2_1', 'Someone else')]);
    const mine = await savedWindows(db, '_7_1', [FALL, WINTER]);
    expect(mine).toHaveLength(1); // winter never read
    expect(mine[0]?.items.map((i) => i.title)).toEqual(['Dentist']);
    expect(Date.parse(mine[0]?.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await allSavedItems(db, '_9_1')).map((i) => i.title)).toEqual(['Someone else']);

    await saveCalendars(db, '_7_1', [{ id: 'PERSONAL', name: 'Personal' }]);
    expect(await savedCalendars(db, '_7_1')).toEqual([{ id: 'PERSONAL', name: 'Personal' }]);
    expect(await savedCalendars(db, '_9_1')).toBeUndefined();
  });

  it('skips a damaged row instead of breaking the screen', async () => {
    const db = await freshDb();
    await saveWindow(db, '_7_1', FALL, [item('_1_1', 'Dentist')]);
    await db.reviewCache.toCollection().modify((row) => {
      row.value = { items: [{ id: 7 }] };
    });
    expect(await savedWindows(db, '_7_1', [FALL])).toEqual([]);
    expect(await allSavedItems(db, '_7_1')).toEqual([]);
  });

  it("after a write drops the user's other windows, never another user's", async () => {
    const db = await freshDb();
    await saveWindow(db, '_7_1', FALL, [item('_1_1', 'a')]);
    await saveWindow(db, '_7_1', WINTER, [item('_2_1', 'b')]);
    await saveWindow(db, '_9_1', WINTER, [item('_3_1', 'c')]);
    await forgetOtherWindows(db, '_7_1', [FALL]);
    expect((await savedWindows(db, '_7_1', [FALL, WINTER])).map((w) => w.since)).toEqual([FALL.since]);
    expect(await savedWindows(db, '_9_1', [WINTER])).toHaveLength(1);
  });
});

describe('announcements kept for offline review', () => {
  it('keeps the list and the rights per user', async () => {
    const db = await freshDb();
    await saveAnnouncements(db, '_3_1', { announcements: [{ id: '_1_1', title: 'Welcome' }], rights: { create: true, modify: true, delete: true } });
    expect(await savedAnnouncements(db, '_3_1')).toMatchObject({ announcements: [{ id: '_1_1', title: 'Welcome' }], rights: { create: true } });
    expect(await savedAnnouncements(db, '_7_1')).toBeNull();
  });
});
