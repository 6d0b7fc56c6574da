import type { SandboxModule } from '../core/context';
import { seedCalendar } from './calendar/demo';
import { installCalendarRoutes } from './calendar/routes';
import { CalendarStore } from './calendar/state';

/**
 * Calendars and calendar items (seed 000, "Calendar items"): institution, personal, course,
 * office-hours and read-only grade-column items, single or recurring. Files in ./calendar/:
 * dates (parsing, query window), recurrence, state, permissions, validation, view, routes, demo.
 */
export const calendarModule: SandboxModule = {
  name: 'calendar',
  install(ctx, router) {
    const store = new CalendarStore(ctx.directory, ctx.clock);
    if (ctx.settings.demoData) seedCalendar(ctx, store);
    installCalendarRoutes(ctx, router, store);
  },
};
