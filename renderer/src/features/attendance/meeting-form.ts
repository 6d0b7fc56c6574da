import { formatDate } from '../../ui/locale-format';
import { meetingName } from '../../../../shared/domain/meeting-name';
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
  if (!title) return { problem: 'Give the meeting a title.' };
  const start = new Date(`${draft.date}T${draft.startTime}`);
  const end = new Date(`${draft.date}T${draft.endTime}`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return { problem: 'Enter a date and start and end times.' };
  if (end <= start) return { problem: 'The meeting must end after it starts.' };
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

/** How a meeting is named on screen: its title, else "Meeting on <its start>" (meetings made in Learn may have none). */
export function meetingLabel(m: { title: string; start: string }): string {
  return meetingName(m.title, formatDate(m.start, { dateStyle: 'medium', timeStyle: 'short' }));
}
