import type { SandboxContext } from '../../core/context';
import { DEMO_STAFF } from '../institution';
import type { AnnouncementStore } from './state';
import type { Duration } from './wire';

/**
 * Demo system announcements, dated from the sandbox clock when the world is built so that each
 * is in its state whatever the day: permanent, available now, scheduled, expired, login page only
 * and shown in courses. Posted by the administrator.
 */

const DAY = 24 * 60 * 60 * 1000;

export function seedAnnouncements(ctx: SandboxContext, store: AnnouncementStore): void {
  const now = ctx.clock.now();
  const at = (days: number): string => new Date(now + days * DAY).toISOString();
  const admin = ctx.directory.user(`userName:${DEMO_STAFF.admin}`).id;
  const restricted = (start: number | undefined, end: number | undefined): Duration => ({
    type: 'Restricted',
    ...(start !== undefined ? { start: at(start) } : {}),
    ...(end !== undefined ? { end: at(end) } : {}),
  });
  const post = (title: string, body: string, duration: Duration, showAtLogin: boolean, showInCourses: boolean, postedDaysAgo: number): void => {
    store.create({ title, body, duration, showAtLogin, showInCourses, creatorUserId: admin, created: at(-postedDaysAgo) });
  };

  post(
    'Welcome to Northfield Learn',
    '<p>Questions about your courses? The <a href="https://help.northfield.example.edu">help desk</a> answers every day from 8:00 to 20:00.</p>',
    { type: 'Permanent' },
    true,
    true,
    90,
  );
  post('Fall registration has closed', '<p>Late changes go through the registrar.</p>', restricted(-60, -30), false, true, 61);
  post('Use your NetID to sign in', '<p>Sign in with your NetID and password, not your student number.</p>', { type: 'Permanent' }, true, false, 45);
  post('Library: extended hours before exams', '<p>The main library is open until 2:00 every night this month.</p>', restricted(-3, 21), false, true, 4);
  post('Course evaluations are open', '<p>Tell us how your courses went: evaluations close in two weeks.</p>', restricted(-1, 14), false, true, 2);
  post(
    'Scheduled maintenance: Learn unavailable Saturday 02:00-06:00',
    '<p>Learn will be unavailable during the upgrade. Save your work before then.</p>',
    restricted(5, 8),
    true,
    false,
    1,
  );
}
