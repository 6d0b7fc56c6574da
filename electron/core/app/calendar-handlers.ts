import type { Calendar, CalendarItem } from '../../../shared/api/calendar';
import type { calendarChannels } from '../../../shared/ipc/calendar-channels';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';

/**
 * The handlers of `calendarChannels`: the user's calendar through Learn's calendar API. Reads take
 * every page; writes say exactly what the user chose (one event or the series), so Learn's own
 * rules and messages apply (a 403 for a calendar the user may not change reaches the screen).
 */
export function calendarHandlers(learn: () => LearnClient): Pick<Handlers, keyof typeof calendarChannels> {
  return {
    'calendar.calendars': async () => {
      const calendars: Calendar[] = [];
      for await (const calendar of learn().calendar.listCalendars()) calendars.push(calendar);
      return { calendars };
    },

    'calendar.window': async ({ since, until, type }) => {
      const items: CalendarItem[] = [];
      const read = learn().calendar.listCalendarItems({ since: new Date(since), until: new Date(until), ...(type ? { type } : {}) });
      for await (const item of read) items.push(item);
      return { items };
    },

    'calendar.create': async ({ item }) => ({ item: await learn().calendar.createCalendarItem(item) }),

    'calendar.update': async ({ type, id, change, scope }) => ({
      item: await learn().calendar.updateCalendarItem(type, id, change, { updateSeries: scope === 'series' }),
    }),

    'calendar.delete': async ({ type, id, scope }) => {
      await learn().calendar.deleteCalendarItem(type, id, { deleteSeries: scope === 'series' });
      return {};
    },
  };
}
