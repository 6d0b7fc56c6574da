import { describe, expect, it } from 'vitest';
import { blankAnnouncement, draftFromAnnouncement } from '../../renderer/src/features/announcements/announcement-form';
import { courseAnnouncementChange, courseRights, newCourseAnnouncement, withWaitingCourseChanges } from '../../renderer/src/features/announcements/course-announcement-changes';
import type { WaitingChange } from '../../renderer/src/db';

/** What a course's announcement form sends, what each course role is offered, and the list with waiting changes over it. */

const course = (role: string) => ({ role, courseId: 'PSYC-101-F26' });

describe('course announcements on the screen', () => {
  it('offers instructors everything, teaching assistants all but delete, others only reading, saying why in words', () => {
    expect(courseRights(course('Instructor'))).toEqual({ create: true, modify: true, delete: true, reason: null });
    const ta = courseRights(course('TeachingAssistant'));
    expect(ta).toMatchObject({ create: true, modify: true, delete: false });
    expect(ta.reason).toMatch(/^As a teaching assistant in PSYC-101-F26 you can post and edit/);
    const student = courseRights(course('Student'));
    expect(student).toMatchObject({ create: false, modify: false, delete: false });
    expect(student.reason).not.toMatch(/course\.announcements|entitlement/);
  });

  it('sends exactly the Swagger fields on create, and only what changed on edit (the draft choice too)', () => {
    const draft = { ...blankAnnouncement(), title: '  No class Monday ', body: '<p>Holiday</p>' };
    expect(newCourseAnnouncement(draft, true)).toEqual({ ok: true, value: { title: 'No class Monday', body: '<p>Holiday</p>', draft: true, availability: { duration: { type: 'Permanent' } } } });
    const before = draftFromAnnouncement({ id: '_1_1', title: 'A', body: 'b', availability: { duration: { type: 'Permanent' } } });
    expect(courseAnnouncementChange({ ...before }, before, true, false)).toEqual({ ok: true, value: { draft: true } });
    expect(courseAnnouncementChange({ ...before, title: 'B' }, before, false, false)).toEqual({ ok: true, value: { title: 'B' } });
    expect(courseAnnouncementChange({ ...before }, before, false, false)).toMatchObject({ ok: false });
  });

  it('shows a create made offline on top, an edit with its new title, a delete marked', () => {
    const read = [
      { id: '_1_1', title: 'Old', created: '2026-09-01T00:00:00.000Z' },
      { id: '_2_1', title: 'Newer', created: '2026-09-05T00:00:00.000Z' },
    ];
    const waiting = [
      { localId: 'local:aaaaaaaa', change: { channel: 'courseAnnouncements.create', request: { courseId: '_5_1', announcement: { title: 'Fresh' } } } },
      { change: { channel: 'courseAnnouncements.update', request: { courseId: '_5_1', id: '_1_1', change: { title: 'Old, renamed' } } } },
      { change: { channel: 'courseAnnouncements.delete', request: { courseId: '_5_1', id: '_2_1' } } },
    ] as unknown as WaitingChange[];
    const shown = withWaitingCourseChanges(read, waiting);
    expect(shown.map((s) => [s.announcement.title, s.mark])).toEqual([
      ['Fresh', 'new'],
      ['Newer', 'deleting'],
      ['Old, renamed', 'changed'],
    ]);
  });
});
