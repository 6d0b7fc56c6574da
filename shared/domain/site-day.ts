/**
 * The days of a Learn site's request quota, as an import sent over several days counts them:
 * Learn grants a site its calls "every 24 hours" (groups-quotas-rates.md) and says on each answer
 * when the current window resets. Day 1 is what is left today; day k > 1 starts k - 2 windows
 * after the next reset. Pure: the preview plans with it and the sync asks it which held ops go.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A window that ends this long after an op's day began has surely started since (Learn's reset may be rounded). */
const TURNED_MS = 12 * 60 * 60 * 1000;

/** When day `k` (2 = the day after the next reset) of the plan starts, as ISO. */
export function dayStart(resetAt: string, k: number): string {
  return new Date(Date.parse(resetAt) + Math.max(0, k - 2) * DAY_MS).toISOString();
}

/**
 * Whether an op held until `heldUntil` goes now: its time has come on this computer's clock, or
 * the site's last known budget is of a window that began after it (Learn reset since, whatever
 * this computer's clock says).
 */
export function heldOpGoes(heldUntil: string, now: number, budget: { resetAt: string } | null): boolean {
  const due = Date.parse(heldUntil);
  if (!(due > now)) return true;
  return budget !== null && Date.parse(budget.resetAt) - due >= TURNED_MS;
}
