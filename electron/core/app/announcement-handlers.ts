import type { announcementChannels } from '../../../shared/ipc/announcement-channels';
import type { Handlers } from '../ipc/dispatcher';

/** The handlers of `announcementChannels`. */
export function announcementHandlers(): Pick<Handlers, keyof typeof announcementChannels> {
  return {};
}
