import { localRefsOf, type QueueableChannel } from '../../../shared/domain/queued-change';
import { LEARN_UNREACHABLE, type RequestOf, type ResponseOf } from '../../../shared/ipc/contract';
import { BridgeError, invoke } from '../bridge';
import { hasWaitingChanges, queueChange, type ChangeInput, type QueuedChangeRef } from '../db';
import type { AppContext } from './context';
import { t } from '../ui/i18n';

/** What became of a content change the user made. */
export type ChangeOutcome<C extends QueueableChannel> =
  | { sent: true; response: ResponseOf<C> }
  /** Saved in the outbox; `note` tells the user when it will reach Learn. */
  | { sent: false; queued: QueuedChangeRef; note: string };

/**
 * The one way a content-review screen makes a change (content, release rules, calendar,
 * announcements). Online with nothing of this scope waiting, it is sent at once, so Learn's
 * refusal (a 400, a 403) shows in the form that made it. Otherwise it is queued in the outbox like
 * a roll-call tap, to be sent by sync in the order the user made it:
 * - offline;
 * - Learn did not answer (a write whose outcome is unknown is reconciled on replay: look, then create);
 * - it names something made offline (a local id only sync can turn into Learn's);
 * - earlier changes of the same course or calendar still wait (sending this one first could reorder them).
 * A refusal by Learn or by the app is thrown as before (BridgeError), nothing queued.
 */
export async function sendOrQueue<C extends QueueableChannel>(app: Pick<AppContext, 'db' | 'connectivity' | 'sync'>, input: ChangeInput<C>): Promise<ChangeOutcome<C>> {
  const { db, connectivity, sync } = app;
  const namesLocal = localRefsOf(input.change).length > 0;
  const behind = await hasWaitingChanges(db, input.courseId);
  if (connectivity.online && !namesLocal && !behind) {
    try {
      const response = await invoke(input.change.channel, input.change.request as RequestOf<C>);
      return { sent: true, response };
    } catch (error) {
      if (!learnUnreachable(error)) throw error;
      const queued = await queueChange(db, input);
      return { sent: false, queued, note: t('frame.queued.learnSilent') };
    }
  }
  const queued = await queueChange(db, input);
  if (connectivity.online) void sync.syncNow();
  const note = connectivity.online
    ? t('frame.queued.afterOthers')
    : t('frame.queued.offline');
  return { sent: false, queued, note };
}

/** The call got no answer: Learn (desktop host) or the Rollbook host itself (browser mode) was out of reach. */
export function learnUnreachable(error: unknown): boolean {
  // fetch() rejects with a TypeError when the browser-mode host cannot be reached at all.
  return (error instanceof BridgeError && error.errorName === LEARN_UNREACHABLE) || error instanceof TypeError;
}
