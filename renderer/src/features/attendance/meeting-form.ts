import { formatDate } from '../../ui/locale-format';
import { t } from '../../ui/i18n';
import type { MeetingFields } from '../../../../shared/domain/outbox';

/** The meeting form's values: a local date and times, as the user types them. */
export interface MeetingDraft {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** Local date + times -> MeetingFields (ISO instants), or the problem to show the user. */
export function fieldsFromDraft(draft: MeetingDraft): { fields: MeetingFields } | { problem: string } {
  const title = draft.title.trim();
  if (!title) return { problem: t('meetings.form.noTitle') };
  const start = new Date(`${draft.date}T${draft.startTime}`);
  const end = new Date(`${draft.date}T${draft.endTime}`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return { problem: t('meetings.form.noTimes') };
  if (end <= start) return { problem: t('meetings.form.endBeforeStart') };
  return { fields: { title, description: '', start: start.toISOString(), end: end.toISOString() } };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A meeting's instants back to the form's local date and times (for editing). */
export function draftFromMeeting(m: { title: string; start: string; end: string | null }): MeetingDraft {
  const s = new Date(m.start);
  const e = m.end ? new Date(m.end) : new Date(s.getTime() + 60 * 60 * 1000);
  return {
    title: m.title,
    date: `${s.getFullYear()}-${pad(s.getMonth() + 1)}-${pad(s.getDate())}`,
    startTime: `${pad(s.getHours())}:${pad(s.getMinutes())}`,
    endTime: `${pad(e.getHours())}:${pad(e.getMinutes())}`,
  };
}

/**
 * How a meeting is named on screen: its title, else "Meeting on <its start>" in the screen's
 * language (meetings made in Learn may have none; shared/domain/meeting-name.ts names them so where
 * no catalogue is at hand).
 */
export function meetingLabel(m: { title: string | null; start: string }): string {
  const title = m.title?.trim();
  return title ? title : t('meetings.untitled', { when: formatDate(m.start, { dateStyle: 'medium', timeStyle: 'short' }) });
}
