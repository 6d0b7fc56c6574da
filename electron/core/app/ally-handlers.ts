import type { allyChannels } from '../../../shared/ipc/ally-channels';
import type { Handlers } from '../ipc/dispatcher';

/** The handlers of `allyChannels`. */
export function allyHandlers(): Pick<Handlers, keyof typeof allyChannels> {
  return {};
}
