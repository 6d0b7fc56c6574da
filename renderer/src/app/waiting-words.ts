import type { WaitingSummary } from '../db';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import { appLocale, t } from '../ui/i18n';

/** What is waiting, in words: ["12 attendance marks", "1 new meeting"], nothing for kinds with none. */
export function waitingParts(w: WaitingSummary): string[] {
  const part = (count: number, key: MessageKey): string[] => (count === 0 ? [] : [t(key, { count })]);
  return [
    ...part(w.marks, 'frame.waiting.marks'),
    ...part(w.newMeetings, 'frame.waiting.newMeetings'),
    ...part(w.meetingChanges, 'frame.waiting.meetingChanges'),
    ...part(w.meetingDeletions, 'frame.waiting.meetingDeletions'),
    ...part(w.otherChanges, 'frame.waiting.otherChanges'),
  ];
}

/** "12 attendance marks and 1 new meeting", or "Nothing is waiting to be sent". */
export function waitingSentence(w: WaitingSummary, locale: string = appLocale()): string {
  const parts = waitingParts(w);
  if (parts.length === 0) return t('frame.waiting.nothing');
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

/** The status bar while a roll call holds its marks (features/attendance/send-hold.ts): "20 marks saved on this device · sent to Learn when you finish the roll call". */
export function heldSentence(marks: number): string {
  return t('frame.held', { count: marks });
}
