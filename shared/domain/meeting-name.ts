import { sentence, type Sentence } from '../i18n/sentence';

/**
 * A meeting's name in no language: its title (the instructor's own words), or, for a meeting
 * without one, the sentence that names it by when it starts ("Meeting on 31 Aug 2026, 14:04",
 * `meetings.untitled`), which the screen writes in the instructor's language. Learn lets a meeting
 * have no title (one made in Learn's own attendance often has none), and an empty name read as
 * "Hernández, Omar ·  (…)" in the import preview.
 * `when` is the start already written by the caller (the screens' locale, or the preview's form).
 */
export type MeetingName = string | Sentence;

export function meetingName(title: string | null | undefined, when: string): MeetingName {
  const words = title?.trim();
  return words ? words : sentence('meetings.untitled', { when });
}
