import type { WaitingSummary } from '../db';

/** What is waiting, in words: ["12 attendance marks", "1 new meeting"], nothing for kinds with none. */
export function waitingParts(w: WaitingSummary): string[] {
  const part = (n: number, one: string, many: string): string[] => (n === 0 ? [] : [`${n.toLocaleString()} ${n === 1 ? one : many}`]);
  return [
    ...part(w.marks, 'attendance mark', 'attendance marks'),
    ...part(w.newMeetings, 'new meeting', 'new meetings'),
    ...part(w.meetingChanges, 'meeting change', 'meeting changes'),
    ...part(w.meetingDeletions, 'meeting deletion', 'meeting deletions'),
    ...part(w.otherChanges, 'content, calendar or announcement change', 'content, calendar or announcement changes'),
  ];
}

/** "12 attendance marks and 1 new meeting", or "Nothing is waiting to be sent". */
export function waitingSentence(w: WaitingSummary, locale?: string): string {
  const parts = waitingParts(w);
  if (parts.length === 0) return 'Nothing is waiting to be sent';
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

/** The status bar while a roll call holds its marks (features/attendance/send-hold.ts): "20 marks saved on this device · sent to Learn when you finish the roll call". */
export function heldSentence(marks: number): string {
  return `${marks.toLocaleString()} ${marks === 1 ? 'mark' : 'marks'} saved on this device · sent to Learn when you finish the roll call`;
}
