import type { fileChannels } from '../../../shared/ipc/file-channels';
import type { Handlers } from '../ipc/dispatcher';

/** The handlers of `fileChannels`. */
export function fileHandlers(): Pick<Handlers, keyof typeof fileChannels> {
  return {};
}
