import { formatDate, formatNumber } from '../../ui/locale-format';
import { t } from '../../ui/i18n';
import { attendanceRate } from '../../../../shared/csv/report';
import type { CourseGlance, CourseRow, MeetingWithState } from '../../db';
import { startOfDay } from '../attendance/meeting-state';
import { DEFAULT_MINUTES, slotOn, usualSlot, type UsualSlot } from './usual-slot';

/**
 * The Today screen's model: the meetings of today and tomorrow across courses,
 * and per course its next meeting, attendance so far and usual slot. Pure: the screen passes the
 * courses read from the device and the time.
 */

export interface DayMeeting {
  course: CourseRow;
  meeting: MeetingWithState;
  day: 'today' | 'tomorrow';
}

export interface CourseToday {
  course: CourseRow;
  /** The first meeting not over yet (one in progress counts), or null. */
  next: MeetingWithState | null;
  /** (Present + Late) / (Present + Late + Absent) over every record so far; null before any. */
  rate: number | null;
  /** Records counted in the rate. */
  counted: number;
  /** Meetings that have started, and of those the ones whose roll this device has not read from Learn. */
  past: number;
  unread: number;
  /** Students of the roster on this device (0: none read yet): what reading the unread rolls takes. */
  students: number;
  slot: UsualSlot | null;
  /**
   * A course that usually meets, with no meeting today: the times "Create today's meeting" uses.
   * Null for a course with no past meeting: there is no slot to go by (its meetings screen creates one).
   */
  todaysTimes: { start: Date; end: Date } | null;
  /** The device knows the course's meetings (else its figures are not known yet, not "none"). */
  meetingsKnown: boolean;
}

export interface TodayModel {
  meetings: DayMeeting[];
  courses: CourseToday[];
}

const DAY_MS = 86_400_000;

/** When a meeting is over: its end, or its start plus an hour when Learn has no end. */
function endOf(m: { start: string; end: string | null }): number {
  return m.end ? Date.parse(m.end) : Date.parse(m.start) + DEFAULT_MINUTES * 60_000;
}

export function todayModel(glances: readonly CourseGlance[], now: Date): TodayModel {
  const today = startOfDay(now).getTime();
  const tomorrow = startOfDay(new Date(today + 1.5 * DAY_MS)).getTime(); // 1.5 days: safe across a DST change
  const after = startOfDay(new Date(tomorrow + 1.5 * DAY_MS)).getTime();
  const meetings: DayMeeting[] = [];
  const courses: CourseToday[] = [];
  for (const { course, meetings: all, counts, students, meetingsKnown } of glances) {
    let hasToday = false;
    for (const meeting of all) {
      const start = Date.parse(meeting.start);
      if (start >= today && start < tomorrow) {
        hasToday = true;
        meetings.push({ course, meeting, day: 'today' });
      } else if (start >= tomorrow && start < after) meetings.push({ course, meeting, day: 'tomorrow' });
    }
    const slot = usualSlot(all, now);
    const started = all.filter((m) => Date.parse(m.start) <= now.getTime());
    courses.push({
      course,
      next: all.find((m) => endOf(m) > now.getTime()) ?? null,
      rate: attendanceRate(counts),
      counted: counts.Present + counts.Late + counts.Absent,
      past: started.length,
      unread: started.filter((m) => !m.state.known).length,
      students,
      slot,
      todaysTimes: hasToday || !slot ? null : slotOn(slot, now),
      meetingsKnown,
    });
  }
  meetings.sort((a, b) => Date.parse(a.meeting.start) - Date.parse(b.meeting.start) || a.course.name.localeCompare(b.course.name));
  return { meetings, courses };
}

/** "91.4% attendance so far", and what the figure cannot include yet; or why there is none. */
export function rateWords(c: Pick<CourseToday, 'rate' | 'past' | 'unread'>, locale?: string): string {
  const unread = c.unread === 0 ? '' : t('today.unreadMeetings', { count: c.unread, n: formatNumber(c.unread, {}, locale) });
  if (c.rate === null) return c.past === 0 ? t('today.noMeetingsYet') : c.unread > 0 ? t('today.notOnDevice', { unread }) : t('today.noAttendanceYet');
  const rate = formatNumber(c.rate, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }, locale);
  return unread ? t('today.rateUnread', { rate, unread }) : t('today.rate', { rate });
}

/**
 * A title for today's meeting: the last titled meeting's number plus one ("Lecture 24" -> "Lecture
 * 25", "Seminar, week 12" -> "Seminar, week 13"), else the date in words ("Thursday 26 November").
 */
export function nextTitle(meetings: readonly { title: string; start: string }[], day: Date, locale?: string): string {
  const before = meetings.filter((m) => Date.parse(m.start) < day.getTime() && m.title.trim() !== '').sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const numbered = /^(.*?)(\d+)$/.exec(before.at(-1)?.title.trim() ?? '');
  if (numbered) return `${numbered[1] ?? ''}${Number(numbered[2]) + 1}`;
  return formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' }, locale);
}
