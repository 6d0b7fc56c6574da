import type { QueueableChannel, QueuedChange } from '../../../shared/domain/queued-change';
import type { Handlers } from '../ipc/dispatcher';
import { InputRefused, type ChangeWriter } from '../sync/change-step';
import { ContentInputError } from './content-handlers';

/**
 * The sync engine's way to send a queued content change: the very handler the screen calls when
 * online, so the app's own checks (a link needs its address, the files' size) and Learn's answers
 * are the same either way. A refusal by the app becomes `InputRefused`: sending again cannot help,
 * the user must change it (the message says how).
 */
export function changeWriter(handlers: Pick<Handlers, QueueableChannel>): ChangeWriter {
  return async (change: QueuedChange) => {
    const handler = handlers[change.channel] as (request: QueuedChange['request']) => Promise<unknown>;
    try {
      return await handler(change.request);
    } catch (error) {
      if (error instanceof ContentInputError) throw new InputRefused(error);
      throw error;
    }
  };
}
