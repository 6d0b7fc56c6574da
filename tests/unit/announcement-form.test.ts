import { describe, expect, it } from 'vitest';
import { AnnouncementPatch, NewAnnouncement, type Announcement } from '../../shared/api/announcements';
import {
  announcementChange,
  announcementState,
  blankAnnouncement,
  draftFromAnnouncement,
  newAnnouncementFromDraft,
  whereShown,
} from '../../renderer/src/features/announcements/announcement-form';

/** The announcement form: the bodies it sends, its checks, and an announcement's state in words. */
const problemOf = (r: { ok: boolean; problem?: string }): string | undefined => (r.ok ? undefined : r.problem);

describe('new announcements', () => {
  it('sends a permanent one with where it shows', () => {
    const r = newAnnouncementFromDraft({ ...blankAnnouncement(), title: ' Snow day ', body: '<p>Campus closed.</p>', showAtLogin: true });
    expect(r).toEqual({ ok: true, value: { title: 'Snow day', body: '<p>Campus closed.</p>', availability: { duration: { type: 'Permanent' } }, showAtLogin: true, showInCourses: true } });
    if (r.ok) expect(NewAnnouncement.safeParse(r.value).success).toBe(true);
  });

  it('sends a window with only the dates it has, as instants', () => {
    const r = newAnnouncementFromDraft({ ...blankAnnouncement(), title: 'Exams', duration: 'Restricted', startDate: '2026-12-14', startTime: '08:00' });
    expect(r.ok && r.value.availability).toEqual({ duration: { type: 'Restricted', start: new Date(2026, 11, 14, 8).toISOString() } });
  });

  it('names the field and the fix', () => {
    expect(problemOf(newAnnouncementFromDraft({ ...blankAnnouncement(), title: ' ' }))).toMatch(/^Title: enter a title/);
    expect(problemOf(newAnnouncementFromDraft({ ...blankAnnouncement(), title: 'x'.repeat(256) }))).toMatch(/^Title: 256 characters/);
    expect(problemOf(newAnnouncementFromDraft({ ...blankAnnouncement(), title: 'x', duration: 'Restricted' }))).toMatch(/^Shown between dates: enter a start, an end or both/);
    expect(
      problemOf(newAnnouncementFromDraft({ ...blankAnnouncement(), title: 'x', duration: 'Restricted', startDate: '2026-12-14', endDate: '2026-12-14' })),
    ).toMatch(/^Show until: the end must be after the start/);
    expect(problemOf(newAnnouncementFromDraft({ ...blankAnnouncement(), title: 'x', duration: 'Restricted', startDate: '2026-02-30' }))).toMatch(/^Show from: enter a real date/);
  });
});

describe('changes', () => {
  const stored: Announcement = {
    id: '_3_1',
    title: 'Library hours',
    body: '<p>Open late.</p>',
    availability: { duration: { type: 'Restricted', start: new Date(2026, 10, 1).toISOString(), end: new Date(2026, 11, 20).toISOString() } },
    showAtLogin: false,
    showInCourses: true,
  };

  it('sends only what changed; a cleared date goes as null so Learn clears it', () => {
    const before = draftFromAnnouncement(stored);
    expect(announcementChange({ ...before, showAtLogin: true }, before)).toEqual({ ok: true, value: { showAtLogin: true } });
    const r = announcementChange({ ...before, endDate: '' }, before);
    expect(r).toEqual({ ok: true, value: { availability: { duration: { type: 'Restricted', start: new Date(2026, 10, 1).toISOString(), end: null } } } });
    if (r.ok) expect(AnnouncementPatch.safeParse(r.value).success).toBe(true);
    expect(announcementChange({ ...before, duration: 'Permanent' }, before)).toEqual({ ok: true, value: { availability: { duration: { type: 'Permanent' } } } });
    expect(problemOf(announcementChange(before, before))).toMatch(/^Nothing changed/);
  });

  it('says whether users see it now, and where', () => {
    const now = new Date(2026, 10, 23).getTime();
    expect(announcementState(stored, now)).toMatchObject({ shown: true, words: expect.stringMatching(/^Shown now, until /) });
    expect(announcementState({ ...stored, availability: { duration: { type: 'Permanent' } } }, now)).toEqual({ shown: true, words: 'Always shown' });
    expect(announcementState(stored, new Date(2026, 9, 1).getTime()).words).toMatch(/^Scheduled: shown from /);
    expect(announcementState(stored, new Date(2027, 0, 1).getTime()).words).toMatch(/^Ended /);
    expect(whereShown(stored)).toBe('Courses only');
    expect(whereShown({ showAtLogin: true, showInCourses: true })).toBe('Login page and courses');
  });
});
