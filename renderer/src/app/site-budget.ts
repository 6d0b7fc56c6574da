import { invoke } from '../bridge';
import { heldOpGoes } from '../../../shared/domain/site-day';
import type { RequestBudget } from '../../../shared/ipc/budget-channels';

/**
 * The site's request budget as the host last saw it in Learn's answers (`learn.budget`), read
 * when a screen plans with it: the import's preview, and the sync deciding which held ops go.
 * Null when the host does not know it (no answer from Learn yet, or a host without it).
 */
export type SiteBudget = RequestBudget;

export async function siteBudget(): Promise<SiteBudget | null> {
  try {
    return await invoke('learn.budget', {});
  } catch {
    return null;
  }
}

/** Which ops held for a later day go now (outbox-repo `pending`), by the clock and the site's last budget. */
export async function heldOpsRelease(): Promise<(heldUntil: string) => boolean> {
  const budget = await siteBudget();
  const now = Date.now();
  return (heldUntil) => heldOpGoes(heldUntil, now, budget);
}
