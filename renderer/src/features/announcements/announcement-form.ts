import { t } from '../../ui/i18n';
import { formatDate } from '../../ui/locale-format';
import { isAnnouncementAvailable, type Announcement, type AnnouncementPatch, type NewAnnouncement } from '../../../../shared/api/announcements';
import { dateInputValue, localDateTime, timeInputValue } from '../calendar/calendar-dates';

/**
 * The announcement form as plain data, the checks made before sending (docs/api-notes/announcements.md, "System
 * announcements": title 1-255, a Restricted window needs a start or an end, start before end), and
 * an announcement's state in words. Learn checks again; this spares the user a round trip.
 */

export const ANNOUNCEMENT_TITLE_MAX = 255;

export interface AnnouncementDraft {
  title: string;
  /** BbML markup, as Learn keeps it. */
  body: string;
  /** Permanent: always shown. Restricted: shown between the dates (either may be left empty). */
  duration: 'Permanent' | 'Restricted';
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  showAtLogin: boolean;
  showInCourses: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };
const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

export function blankAnnouncement(): AnnouncementDraft {
  return { title: '', body: '', duration: 'Permanent', startDate: '', startTime: '00:00', endDate: '', endTime: '00:00', showAtLogin: false, showInCourses: true };
}

export function draftFromAnnouncement(a: Announcement): AnnouncementDraft {
  const d = a.availability?.duration;
  const at = (iso: string | undefined): [string, string] => (iso ? [dateInputValue(new Date(iso)), timeInputValue(new Date(iso))] : ['', '00:00']);
  const [startDate, startTime] = at(d?.start);
  const [endDate, endTime] = at(d?.end);
  return {
    title: a.title ?? '',
    body: a.body ?? '',
    duration: d?.type === 'Restricted' ? 'Restricted' : 'Permanent',
    startDate,
    startTime,
    endDate,
    endTime,
    showAtLogin: a.showAtLogin ?? false,
    showInCourses: a.showInCourses ?? false,
  };
}

type Duration = NonNullable<NewAnnouncement['availability']>['duration'];

function checkDuration(d: AnnouncementDraft): Checked<Duration> {
  if (d.duration === 'Permanent') return { ok: true, value: { type: 'Permanent' } };
  const start = d.startDate ? localDateTime(d.startDate, d.startTime) : undefined;
  if (start === null) return fail(t('announcements.badShowFrom'));
  const end = d.endDate ? localDateTime(d.endDate, d.endTime) : undefined;
  if (end === null) return fail(t('announcements.badShowUntil'));
  if (!start && !end) return fail(t('announcements.needDates'));
  if (start && end && end.getTime() <= start.getTime()) return fail(t('announcements.endAfterStart'));
  return { ok: true, value: { type: 'Restricted', start: start ? start.toISOString() : null, end: end ? end.toISOString() : null } };
}

function checkTitle(d: AnnouncementDraft): Checked<string> {
  const title = d.title.trim();
  if (!title) return fail(t('announcements.titleMissing'));
  if (title.length > ANNOUNCEMENT_TITLE_MAX) return fail(t('announcements.titleTooLong', { length: title.length, max: ANNOUNCEMENT_TITLE_MAX }));
  return { ok: true, value: title };
}

/** The Create Announcement body, or the first problem to fix. */
export function newAnnouncementFromDraft(d: AnnouncementDraft): Checked<NewAnnouncement> {
  const title = checkTitle(d);
  if (!title.ok) return title;
  const duration = checkDuration(d);
  if (!duration.ok) return duration;
  // Learn takes an absent date as "open", so a new Restricted window sends only the dates it has.
  const { start, end, type } = duration.value;
  const sent: Duration = { type, ...(start ? { start } : {}), ...(end ? { end } : {}) };
  return { ok: true, value: { title: title.value, body: d.body, availability: { duration: sent }, showAtLogin: d.showAtLogin, showInCourses: d.showInCourses } };
}

/** The Update Announcement body: only what changed (a cleared date is sent as null), or the first problem. */
export function announcementChange(d: AnnouncementDraft, before: AnnouncementDraft): Checked<AnnouncementPatch> {
  const title = checkTitle(d);
  if (!title.ok) return title;
  const duration = checkDuration(d);
  if (!duration.ok) return duration;
  const change: AnnouncementPatch = {};
  if (title.value !== before.title.trim()) change.title = title.value;
  if (d.body !== before.body) change.body = d.body;
  if (d.showAtLogin !== before.showAtLogin) change.showAtLogin = d.showAtLogin;
  if (d.showInCourses !== before.showInCourses) change.showInCourses = d.showInCourses;
  const dates = (x: AnnouncementDraft): string => JSON.stringify([x.duration, x.startDate, x.startTime, x.endDate, x.endTime]);
  if (dates(d) !== dates(before)) change.availability = { duration: duration.value };
  if (Object.keys(change).length === 0) return fail(t('announcements.nothingChanged'));
  return { ok: true, value: change };
}

/** "Shown now", "Scheduled: from …", "Ended …": whether users see it at `now`. */
export function announcementState(a: Announcement, now: number): { shown: boolean; words: string } {
  const d = a.availability?.duration;
  const when = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  if (isAnnouncementAvailable(d, now)) {
    if (d?.type === 'Restricted' && d.end) return { shown: true, words: t('announcements.shownUntil', { when: when(d.end) }) };
    return { shown: true, words: t(d?.type === 'Restricted' ? 'announcements.shownNow' : 'announcements.alwaysShown') };
  }
  if (d?.start && Date.parse(d.start) > now) return { shown: false, words: t('announcements.scheduled', { when: when(d.start) }) };
  return { shown: false, words: d?.end ? t('announcements.ended', { when: when(d.end) }) : t('announcements.notShown') };
}

/** "Login page and courses", "Login page only", …: where it appears. */
export function whereShown(a: Pick<Announcement, 'showAtLogin' | 'showInCourses'>): string {
  if (a.showAtLogin && a.showInCourses) return t('announcements.whereBoth');
  if (a.showAtLogin) return t('announcements.whereLogin');
  if (a.showInCourses) return t('announcements.whereCourses');
  return t('announcements.whereNeither');
}
