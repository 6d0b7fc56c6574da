import type { Scope } from '../../core/tokens';

/**
 * The `scope` parameter: space-separated (RFC 6749 §3.3; Swagger: "the space delimited scope(s)
 * being requested ... Example value: "read write offline""), any of read, write, delete, offline.
 */

export const KNOWN_SCOPES: readonly Scope[] = ['read', 'write', 'delete', 'offline'];

/** What each scope lets the app do, in the words the consent page shows. */
export const SCOPE_WORDS: Record<Scope, string> = {
  read: 'See your courses, class lists, course content and attendance',
  write: 'Create and change records as you, such as attendance and course content',
  delete: 'Delete records as you',
  offline: 'Keep this access when you are not signed in, until you revoke it',
};

export type ScopeParse = { ok: true; scopes: Scope[] } | { ok: false; problem: string };

/** Scopes in canonical order (read write delete offline), or why the parameter is unusable. */
export function parseScope(raw: string | null): ScopeParse {
  if (raw === null || raw.trim() === '') {
    return { ok: false, problem: 'scope is required: ask for one or more of read, write, delete, offline, separated by spaces' };
  }
  if (raw.includes(',')) {
    return { ok: false, problem: `scope '${raw}' uses commas; separate scopes with spaces, e.g. 'read write offline'` };
  }
  const asked = raw.trim().split(/\s+/);
  const unknown = asked.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    return { ok: false, problem: `Unknown scope ${unknown.map((s) => `'${s}'`).join(', ')}; Learn knows read, write, delete, offline` };
  }
  return { ok: true, scopes: KNOWN_SCOPES.filter((s) => asked.includes(s)) };
}

/** The `scope` string of a token answer. */
export const scopeString = (scopes: readonly Scope[]): string => KNOWN_SCOPES.filter((s) => scopes.includes(s)).join(' ');
