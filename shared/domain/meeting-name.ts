/**
 * How every screen names an attendance meeting. Learn lets a meeting have no title (one made in
 * Learn's own attendance often has none), and an empty name read as "Hernández, Omar ·  (…)" in
 * the import preview; such a meeting is named by when it starts: "Meeting on 31 Aug 2026, 14:04".
 * `when` is the start already in the caller's words (the screens' locale, or the preview's form).
 */
export function meetingName(title: string | null | undefined, when: string): string {
  const words = title?.trim();
  return words ? words : `Meeting on ${when}`;
}
