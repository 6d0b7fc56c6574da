import type { contentChannels } from '../../../shared/ipc/content-channels';
import type { Handlers } from '../ipc/dispatcher';

/** The handlers of `contentChannels`. */
export function contentHandlers(): Pick<Handlers, keyof typeof contentChannels> {
  return {};
}
