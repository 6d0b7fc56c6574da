import { invoke } from '../../bridge';
import type { RollbookDb } from '../../db';
import type { ReadWindow } from './calendar-dates';
import { forgetOtherWindows, saveCalendars, saveWindow } from './calendar-cache';

/**
 * Reads the calendar from Learn into the copy kept on this device. Reads may overlap (one on
 * reconnect, one when sync lands a change a moment later): the newest read started owns the
 * copy, so an older answer never overwrites what Learn said after the change landed.
 */
export class CalendarReader {
  #generation = 0;

  constructor(private readonly db: RollbookDb) {}

  /** The windows' items, one read (all pages) per window. */
  async read(owner: string, windows: readonly ReadWindow[]): Promise<void> {
    const generation = ++this.#generation;
    for (const w of windows) {
      const { items } = await invoke('calendar.window', { since: w.since, until: w.until });
      if (generation !== this.#generation) return;
      await saveWindow(this.db, owner, w, items);
    }
  }

  async readCalendars(owner: string): Promise<void> {
    const { calendars } = await invoke('calendar.calendars', {});
    await saveCalendars(this.db, owner, calendars);
  }

  /** After a change reached Learn: the windows on screen again; other saved windows may be stale (a series spans many), so dropped. */
  async readAfterChange(owner: string, windows: readonly ReadWindow[]): Promise<void> {
    await this.read(owner, windows);
    await forgetOtherWindows(this.db, owner, windows);
  }
}
