import { z } from 'zod';

/**
 * The Learn site's request budget: Learn gives an application a quota of REST calls per site and
 * day (10,000 by default), shared by every user of the institution, and reports it on every answer
 * in `X-Rate-Limit-Limit`, `-Remaining` and `-Reset` (docs/api-notes/quota-and-rate-limits.md, "Request quota"). The
 * main side keeps the last one it saw per site; screens say it in words.
 */
export const RequestBudget = z.strictObject({
  /** Requests the site allows in a quota period. */
  limit: z.number().int().nonnegative(),
  /** Requests left when Learn last answered. */
  remaining: z.number().int().nonnegative(),
  /** When the quota period ends and `remaining` is back to `limit`. */
  resetAt: z.iso.datetime({ offset: true }),
  /** When Learn's answer carrying these figures arrived. */
  observedAt: z.iso.datetime({ offset: true }),
  /** Rollbook sends nothing to the site until then (Learn refused with 429: the quota is used up, or it asked to wait). */
  blockedUntil: z.iso.datetime({ offset: true }).optional(),
  /** Below this many remaining, reads the instructor did not ask for stop; the instructor's own writes and reads still go. */
  reserve: z.number().int().nonnegative(),
});
export type RequestBudget = z.infer<typeof RequestBudget>;

export const budgetChannels = {
  /** The current site's last known budget; null before any answer from Learn has been seen for it. */
  'learn.budget': { request: z.strictObject({}), response: RequestBudget.nullable() },
} as const;
