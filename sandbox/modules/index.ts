import type { SandboxModule } from '../core/context';
import { institutionModule } from './institution';
import { oauthModule } from './oauth';
import { usersCoursesModule } from './users-courses';
import { attendanceModule } from './attendance';
import { contentModule } from './content';
import { adaptiveReleaseModule } from './adaptive-release';
import { calendarModule } from './calendar';
import { announcementsModule } from './announcements';
import { courseAnnouncementsModule } from './course-announcements';
import { allyModule } from './ally';
import { systemVersionModule } from './system-version';
import { avatarsModule } from './avatars';

/**
 * Every area of the sandbox, in install order: the institution (people and courses) first,
 * because every other module's demo data refers to it.
 */
export const MODULES: readonly SandboxModule[] = [
  institutionModule,
  oauthModule,
  usersCoursesModule,
  attendanceModule,
  contentModule,
  adaptiveReleaseModule,
  calendarModule,
  announcementsModule,
  courseAnnouncementsModule,
  allyModule,
  systemVersionModule,
  avatarsModule,
];
