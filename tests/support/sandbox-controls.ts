import type { QuotaRetryAfter, QuotaState, ResetForm } from '../../sandbox/core/quota';
import type { RunningSandbox } from '../../sandbox/server';

export type { QuotaState };

/**
 * The sandbox's controls for the site's daily quota and the attendance bulk, through its control
 * API over HTTP as any test (or a tester with curl) sets them. docs/api-notes/quota-and-rate-limits.md, "Rate limits".
 */

export interface QuotaPatch {
  /** A new ceiling and a new full window (the old meaning of this control). */
  limit?: number;
  /** Requests left in the current window. */
  remaining?: number;
  /** The current window ends this many seconds from now (1..86400). */
  resetInSeconds?: number;
  /** `X-Rate-Limit-Reset` as seconds to go (default) or the epoch second of the reset. */
  resetForm?: ResetForm;
  /** `Retry-After` on the spent quota's 429: none (default), seconds, or until the reset. */
  retryAfter?: QuotaRetryAfter;
}

async function control<T>(sandbox: RunningSandbox, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await sandbox.controlFetch(`/__sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`sandbox control ${method} ${path} refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const setQuota = (sandbox: RunningSandbox, patch: QuotaPatch): Promise<QuotaState> => control(sandbox, 'POST', 'quota', patch);
export const readQuota = (sandbox: RunningSandbox): Promise<QuotaState> => control(sandbox, 'GET', 'quota');

/** Whom the bulk status marks: every member of the course (the default, as the Swagger says) or the students on the roll. */
export const setBulkCovers = (sandbox: RunningSandbox, bulkCovers: 'course' | 'students'): Promise<{ bulkCovers: string }> =>
  control(sandbox, 'POST', 'attendance', { bulkCovers });

/** Gives a user's record at a meeting a status a later Learn release adds (any word), as marked by `byUserId`. */
export const setLaterStatus = (sandbox: RunningSandbox, record: { meetingId: number; userId: string; status: string; byUserId: string }): Promise<{ id: number; status: string }> =>
  control(sandbox, 'POST', 'attendance/status', record);

export const advanceClock = (sandbox: RunningSandbox, ms: number): Promise<{ now: string }> => control(sandbox, 'POST', 'clock', { advanceMs: ms });

/** The groups list's answers the Swagger leaves open: group sets listed among "top-level groups"; `inGroupSet` honoured or ignored. */
export const setGroupListAnswers = (sandbox: RunningSandbox, answers: { setsListed?: boolean; inGroupSet?: 'filters' | 'ignored' }): Promise<{ setsListed: boolean; inGroupSet: string }> =>
  control(sandbox, 'POST', 'groups', answers);

/** The order of a course's announcements read without `sort`, which the Swagger leaves open. */
export const setCourseAnnouncementOrder = (sandbox: RunningSandbox, order: 'newest-first' | 'oldest-first'): Promise<{ order: string }> =>
  control(sandbox, 'POST', 'course-announcements', { order });
