import type { SandboxContext } from '../../core/context';
import { DEMO_STAFF } from '../institution';
import type { CourseAnnouncementStore } from './state';

/**
 * Demo course announcements, dated from the sandbox clock when the world is built, in the
 * instructor's lecture: two shown now (one posted by the teaching assistant), one scheduled and
 * one draft. Students see only the two shown now.
 */

const DAY = 24 * 60 * 60 * 1000;

export function seedCourseAnnouncements(ctx: SandboxContext, store: CourseAnnouncementStore): void {
  const now = ctx.clock.now();
  const at = (days: number): string => new Date(now + days * DAY).toISOString();
  const user = (name: string): string => ctx.directory.user(`userName:${name}`).id;
  const course = (courseId: string): string => ctx.directory.course(`courseId:${courseId}`).id;
  const lecture = course('PSYC-101-F26');
  const instructor = user(DEMO_STAFF.instructor);

  store.create({
    courseId: lecture,
    title: 'Welcome to Introduction to Psychology',
    body: '<p>Read chapter 1 before our first meeting. Office hours are Tuesdays 14:00 to 16:00.</p>',
    draft: false,
    duration: { type: 'Permanent' },
    creatorUserId: instructor,
    created: at(-20),
  });
  store.create({
    courseId: lecture,
    title: 'Quiz 1 moved to Thursday',
    body: '<p>The first quiz is on Thursday, not Tuesday. It covers chapters 1 and 2.</p>',
    draft: false,
    duration: { type: 'Restricted', start: at(-2), end: at(12) },
    creatorUserId: user(DEMO_STAFF.ta),
    created: at(-2),
  });
  store.create({
    courseId: lecture,
    title: 'Midterm review session',
    body: '<p>A review session before the midterm, in the usual room.</p>',
    draft: false,
    duration: { type: 'Restricted', start: at(10), end: at(20) },
    creatorUserId: instructor,
    created: at(-1),
  });
  store.create({
    courseId: lecture,
    title: 'Guest lecture next week',
    body: '<p>Details to follow.</p>',
    draft: true,
    duration: { type: 'Permanent' },
    creatorUserId: instructor,
    created: at(-1),
  });
}
