import { isKnownStatus, type LearnStatus } from '../../../../shared/api/attendance';
import { recordKey, type AttendanceSheet } from '../../../../shared/csv/sheet';
import type { ImportWrites } from '../../../../shared/csv/plan';
import { estimateRequests, keptForTheDay, planDays, type CourseToSend, type MeetingToSend, type PlanDay } from '../../../../shared/domain/request-estimate';
import { dayStart } from '../../../../shared/domain/site-day';
import type { SiteBudget } from '../../app/site-budget';
import { t } from '../../ui/i18n';
import { formatDate } from '../../ui/locale-format';

/**
 * The import's request plan for the preview: about how many Learn requests sending it takes, and,
 * when that is more than the site has left today (less what is kept for the day's roll calls),
 * the import spread over days, oldest meetings first (shared/domain/request-estimate.ts).
 */

/** A meeting of the import: an existing one by key, or the `index`-th of the file's missing meetings. */
export type ImportMeeting = { key: string } | { missing: number };

export interface ImportEstimate {
  requests: number;
  /** Present when the site's budget is known. */
  budget?: SiteBudget;
  /** More than one day when the import does not fit in today's room; each day's meetings, oldest first. */
  days: (PlanDay & { meetingsOf: ImportMeeting[]; changes: number; startsAt?: string })[];
}

/** A status Learn has that Rollbook does not know is marked but in none of the four: counted in neither. */
function finalCounts(statuses: Iterable<LearnStatus | undefined>): Pick<MeetingToSend, 'final' | 'unmarked'> {
  const final: MeetingToSend['final'] = {};
  let unmarked = 0;
  for (const s of statuses) {
    if (s === undefined) unmarked++;
    else if (isKnownStatus(s)) final[s] = (final[s] ?? 0) + 1;
  }
  return { final, unmarked };
}

/** The meetings the import writes, as the estimate reads them, from the course as this device has it. */
export function meetingsToSend(sheet: AttendanceSheet, writes: ImportWrites, missing: readonly { start: string }[]): { course: CourseToSend; meetings: MeetingToSend[]; refs: ImportMeeting[] } {
  const course = { rosterSize: sheet.students.length, meetingsOnLearn: sheet.meetings.filter((m) => m.serverId !== undefined).length };
  const meetings: MeetingToSend[] = [];
  const refs: ImportMeeting[] = [];
  const byKey = new Map(sheet.meetings.map((m) => [m.key, m]));
  for (const [key, statuses] of writes.existing) {
    const meeting = byKey.get(key);
    if (!meeting) continue;
    const after = new Map(statuses.map((s) => [s.userId, s.status]));
    const now = (userId: string) => sheet.statuses.get(recordKey(key, userId));
    const recordsOnLearn = sheet.students.reduce((n, s) => n + (now(s.userId) === undefined ? 0 : 1), 0);
    meetings.push({ start: meeting.start, onLearn: meeting.serverId !== undefined, recordsOnLearn, writes: statuses.length, ...finalCounts(sheet.students.map((s) => after.get(s.userId) ?? now(s.userId))) });
    refs.push({ key });
  }
  for (const { meeting, records } of writes.created) {
    const after = new Map(records.map((s) => [s.userId, s.status]));
    meetings.push({ start: meeting.start, onLearn: false, recordsOnLearn: 0, writes: records.length, ...finalCounts(sheet.students.map((s) => after.get(s.userId))) });
    refs.push({ missing: missing.indexOf(meeting) });
  }
  return { course, meetings, refs };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The budget as it stands now: one last seen before a reset since is a whole new day's. */
function currentWindow(budget: SiteBudget, now: number): SiteBudget {
  const reset = Date.parse(budget.resetAt);
  if (reset > now) return budget;
  const windows = Math.floor((now - reset) / DAY_MS) + 1;
  return { ...budget, remaining: budget.limit, resetAt: new Date(reset + windows * DAY_MS).toISOString() };
}

export function estimateImport(sheet: AttendanceSheet, writes: ImportWrites, missing: readonly { start: string }[], lastSeen: SiteBudget | null, now = Date.now()): ImportEstimate {
  const budget = lastSeen && currentWindow(lastSeen, now);
  const { course, meetings, refs } = meetingsToSend(sheet, writes, missing);
  const requests = estimateRequests(course, meetings);
  const day = (d: PlanDay, k: number) => ({ ...d, meetingsOf: d.meetings.map((i) => refs[i]!), changes: d.meetings.reduce((n, i) => n + meetings[i]!.writes, 0), ...(k > 1 && budget ? { startsAt: dayStart(budget.resetAt, k) } : {}) });
  if (!budget) return { requests, days: [day({ meetings: meetings.map((_, i) => i), requests }, 1)] };
  const kept = keptForTheDay(budget);
  const days = planDays(course, meetings, { today: Math.max(0, budget.remaining - kept), later: Math.max(1, budget.limit - kept) });
  return { requests, budget, days: days.map((d, i) => day(d, i + 1)) };
}

/** The time each later day's meetings wait for, by existing meeting key and by missing meeting's index. */
export function holdsOf(estimate: ImportEstimate): { existing: Map<string, string>; missing: Map<number, string> } {
  const existing = new Map<string, string>();
  const missing = new Map<number, string>();
  for (const day of estimate.days) {
    if (day.startsAt === undefined) continue;
    for (const ref of day.meetingsOf) {
      if ('key' in ref) existing.set(ref.key, day.startsAt);
      else missing.set(ref.missing, day.startsAt);
    }
  }
  return { existing, missing };
}

/** A later day as the instructor says it: "Tuesday", "later today, from 2:00 AM", or "Tuesday, December 8" beyond this week. */
export function dayName(iso: string, now = Date.now()): string {
  if (new Date(iso).toDateString() === new Date(now).toDateString()) return t('imports.laterToday', { time: formatDate(iso, { timeStyle: 'short' }) });
  const far = Date.parse(iso) - now > 6 * DAY_MS;
  return formatDate(iso, far ? { weekday: 'long', month: 'long', day: 'numeric' } : { weekday: 'long' });
}
