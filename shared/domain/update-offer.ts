import type { UpdateStatus } from '../ipc/update-channels';

/** What the renderer knows of the instructor's work, which the main side does not. */
export interface WorkInHand {
  /** Changes in the outbox not yet accepted by Learn (failed ones included: they wait for the user). */
  waitingToSync: number;
  /** A sync is under way (its answers still landing count too). */
  syncing: boolean;
  /** The roll call screen is open. */
  rollCallOpen: boolean;
}

/**
 * Whether to offer "Restart to update", and for which version. Only for a downloaded update, and
 * only when a restart costs the instructor nothing: no change waiting to reach Learn (a restart
 * would not lose it, but it would delay it and she would have to trust that), no sync under way,
 * and never during a roll call, whose keys must not land on a button that quits. Otherwise the
 * update simply installs when Rollbook quits.
 */
export function restartOffer(status: UpdateStatus, work: WorkInHand): { version: string } | undefined {
  if (status.state !== 'ready' || status.version === undefined) return undefined;
  if (work.waitingToSync > 0 || work.syncing || work.rollCallOpen) return undefined;
  return { version: status.version };
}
