import { badRequest } from '../../core/errors';
import type { SandboxRequest } from '../../core/http';
import { WINDOW_WEEKS } from './wire';

/**
 * Date-times as the calendar API reads them, and the query window of Get Calendar Items.
 * The Swagger's grammar: `[yyyy-MM-dd|yyyyMMdd][T(hh:mm[:ss[.sss]]|hhmm[ss[.sss]])]?[Z|[+-]hh:mm]`.
 * A value without a zone is read as UTC (the sandbox has no user time zone).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** Without since/until, or with only one of them, the window is two weeks (Swagger). */
const DEFAULT_SPAN_MS = 2 * WEEK_MS;
const MAX_SPAN_MS = WINDOW_WEEKS * WEEK_MS;

const DATE = /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{4})(\d{2})(\d{2}))/;
const TIME = /^T(?:(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?|(\d{2})(\d{2})(?:(\d{2})(?:\.(\d{1,9}))?)?)/;
const ZONE = /^(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds since the epoch, or undefined when `text` is not in the Swagger's grammar. */
export function parseLearnDateTime(text: string): number | undefined {
  const date = DATE.exec(text);
  if (!date) return undefined;
  // Extended (`2026-09-01`) or basic (`20260901`) form; the groups of the other form are empty.
  const [y, m, d] = date[1] ? [date[1], date[2], date[3]] : [date[4], date[5], date[6]];
  let rest = text.slice(date[0].length);
  let hh = '00';
  let mi = '00';
  let ss = '00';
  let frac = '0';
  const time = TIME.exec(rest);
  if (time) {
    const basic = time[1] === undefined ? 4 : 0;
    [hh, mi, ss, frac] = [time[1 + basic] ?? '00', time[2 + basic] ?? '00', time[3 + basic] ?? '00', time[4 + basic] ?? '0'];
    rest = rest.slice(time[0].length);
  }
  const zone = ZONE.exec(rest);
  if (!zone) return undefined;
  let offset = zone[1] ?? 'Z';
  if (offset !== 'Z' && !offset.includes(':')) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const ms = frac.padEnd(3, '0').slice(0, 3);
  const value = Date.parse(`${y}-${m}-${d}T${hh}:${mi}:${ss}.${ms}${offset}`);
  if (Number.isNaN(value)) return undefined;
  // Refuse dates that do not exist (2026-02-30) rather than rolling them over.
  const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return undefined;
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return undefined;
  return value;
}

/** A date-time query parameter, or a 400 quoting the grammar. */
function queryDateTime(req: SandboxRequest, name: string): number | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = parseLearnDateTime(raw);
  if (value === undefined) {
    throw badRequest(`Query parameter '${name}' is not an ISO 8601 date-time: ${raw}. Use e.g. 2026-09-01T00:00:00.000Z`);
  }
  return value;
}

export interface CalendarWindow {
  since: number;
  until: number;
}

/**
 * The window Get Calendar Items answers for, both ends inclusive:
 * - neither given: now to two weeks after now; only `since`: two weeks after it; only `until`:
 *   two weeks before it (Swagger);
 * - both given and more than 16 weeks apart: the first 16 weeks after `since` (seed: "at most
 *   16 weeks after since");
 * - `until` before `since`: 400.
 */
export function readWindow(req: SandboxRequest, now: number): CalendarWindow {
  const since = queryDateTime(req, 'since');
  const until = queryDateTime(req, 'until');
  if (since === undefined && until === undefined) return { since: now, until: now + DEFAULT_SPAN_MS };
  if (until === undefined) return { since: since as number, until: (since as number) + DEFAULT_SPAN_MS };
  if (since === undefined) return { since: until - DEFAULT_SPAN_MS, until };
  if (until < since) {
    throw badRequest(`'until' (${new Date(until).toISOString()}) is before 'since' (${new Date(since).toISOString()}); send an until at or after since`);
  }
  return { since, until: Math.min(until, since + MAX_SPAN_MS) };
}

/** An item is in the window when it overlaps it: it ends at or after since and starts at or before until. */
export function overlaps(start: number, end: number, window: CalendarWindow): boolean {
  return end >= window.since && start <= window.until;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
