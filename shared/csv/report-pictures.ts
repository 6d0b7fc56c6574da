import { ATTENDANCE_STATUSES, isKnownStatus, type AttendanceStatus, type LearnStatus } from '../api/attendance';
import { en, type MessageKey } from '../i18n/messages/en';
import { translator } from '../i18n/translate';
import type { Say } from './export-words';
import { recordKey, type AttendanceSheet, type SheetMeeting } from './sheet';

/**
 * What the report's pictures show, shaped from the sheet (this device's data, so offline too):
 * the term's attendance meeting by meeting (the chart) and one student's meetings in order (the
 * strip). The same rate rule as the per-student report (report.ts): (Present + Late) over those
 * marked, less Excused.
 */
/** A status Learn has that Rollbook does not know is kept as its word. */
export type StatusOrBlank = LearnStatus | null;

export interface MeetingTally {
  meeting: SheetMeeting;
  counts: Record<AttendanceStatus, number>;
  notMarked: number;
  /** 0..1, or null when nobody counted is marked yet. */
  rate: number | null;
}

/** Each meeting, oldest first, with its count per status over the whole roster. */
export function perMeeting(sheet: AttendanceSheet): MeetingTally[] {
  return sheet.meetings.map((meeting) => {
    const counts: Record<AttendanceStatus, number> = { Present: 0, Absent: 0, Late: 0, Excused: 0 };
    let notMarked = 0;
    for (const s of sheet.students) {
      const status = sheet.statuses.get(recordKey(meeting.key, s.userId));
      if (isKnownStatus(status)) counts[status]++;
      else if (!status) notMarked++; // an unknown status is marked, in no count and outside the rate (like Excused)
    }
    const counted = counts.Present + counts.Late + counts.Absent;
    return { meeting, counts, notMarked, rate: counted === 0 ? null : (counts.Present + counts.Late) / counted };
  });
}

/** One student's status at each meeting, oldest first (null: not marked). */
export function stripOf(sheet: AttendanceSheet, userId: string): StatusOrBlank[] {
  return sheet.meetings.map((m) => sheet.statuses.get(recordKey(m.key, userId)) ?? null);
}

/** "14 Oct" (in the user's language): how the pictures name a meeting's day. */
export function meetingDay(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}

/** The messages of the report, English unless the screen passes its language's (export-words.ts `Say`). */
const ENGLISH: Say = translator('en', en, en);

const STATUS_KEYS: Record<AttendanceStatus, MessageKey> = { Present: 'ui.status.present', Absent: 'ui.status.absent', Late: 'ui.status.late', Excused: 'ui.status.excused' };

/** A status in the screen's language; one Learn has that Rollbook does not know keeps its own word. */
export function statusWord(status: LearnStatus, say: Say = ENGLISH): string {
  return isKnownStatus(status) ? say(STATUS_KEYS[status]) : status;
}

/**
 * The chart in one sentence (its text alternative; the figures are also a table): the span,
 * the mean rate over meetings with any marks, and the lowest meeting.
 */
export function termSummary(tallies: readonly MeetingTally[], locale?: string, say: Say = ENGLISH): string {
  const first = tallies[0];
  const last = tallies.at(-1);
  if (!first || !last) return say('report.termNone');
  const day = (m: MeetingTally): string => meetingDay(m.meeting.start, locale);
  const span = tallies.length === 1 ? say('report.termOne', { first: day(first) }) : say('report.termSpan', { count: tallies.length, first: day(first), last: day(last) });
  const rated = tallies.filter((t): t is MeetingTally & { rate: number } => t.rate !== null);
  if (rated.length === 0) return say('report.termUnmarked', { span });
  const mean = rated.reduce((sum, t) => sum + t.rate, 0) / rated.length;
  const lowest = rated.reduce((low, t) => (t.rate < low.rate ? t : low));
  const values = { span, mean, lowest: lowest.rate, day: day(lowest) };
  return oneFullStop(lowest.meeting.title ? say('report.termRates', { ...values, title: lowest.meeting.title }) : say('report.termRatesUntitled', values));
}

/** A day with an abbreviated month ends in its own period (German "4. Nov.", French "4 nov."): the sentence's is not doubled. */
const oneFullStop = (sentence: string): string => sentence.replace(/(?<!\.)\.\.$/, '.');

/** "Present, Present, Late, not marked": a strip's text alternative, meeting by meeting. */
export function stripWords(strip: readonly StatusOrBlank[], say: Say = ENGLISH, list: (words: string[]) => string = (w) => w.join(', ')): string {
  if (strip.length === 0) return say('report.stripNone');
  return say('report.stripWords', { statuses: list(strip.map((s) => (s ? statusWord(s, say) : say('report.stripNotMarked')))) });
}

export { ATTENDANCE_STATUSES };
