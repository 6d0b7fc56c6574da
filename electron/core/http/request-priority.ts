import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestPriority } from './site-budget';

/**
 * Whose asking a request answers, for the site's reserve (site-budget.ts): 'user' for what the
 * instructor asked for or wrote, 'background' for reads Rollbook makes on its own (photos, Ally's
 * file look-ups, the automatic site check; docs/decisions/site-request-quota.md, "Background reads"). A request's own
 * `priority` wins; else the one of the work it runs in (`inBackground`); else 'user'. The work's
 * priority travels with its async calls, so the reads deep inside a client method need no option.
 */
const ambient = new AsyncLocalStorage<RequestPriority>();

/** Runs `work` with every Learn request it makes marked background (unless one says otherwise). */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return ambient.run('background', work);
}

export function priorityOf(request: { priority?: RequestPriority | undefined }): RequestPriority {
  return request.priority ?? ambient.getStore() ?? 'user';
}
