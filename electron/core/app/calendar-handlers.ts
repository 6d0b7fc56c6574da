import type { calendarChannels } from '../../../shared/ipc/calendar-channels';
import type { Handlers } from '../ipc/dispatcher';

/** The handlers of `calendarChannels`. */
export function calendarHandlers(): Pick<Handlers, keyof typeof calendarChannels> {
  return {};
}
