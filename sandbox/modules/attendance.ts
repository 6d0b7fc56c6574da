import type { SandboxContext, SandboxModule } from '../core/context';
import { seedAttendance } from './attendance/demo';
import { installMeetingRoutes } from './attendance/meeting-routes';
import { installRecordRoutes } from './attendance/record-routes';
import { AttendanceState } from './attendance/state';
import { installUserRecordRoutes } from './attendance/user-routes';

/**
 * The Attendance API of seed 001 (paths below `/learn/api/public/v1/courses/{courseId}/meetings`):
 * meetings, records, the bulk status, one user's records, and the non-working CSV export.
 * Rules the seed leaves open are in docs/api-notes/attendance.md ("Attendance (seed 001)").
 */

/** Each world's attendance book, for tests and hosts that need to look inside (e.g. the GUI's origin rule). */
const BOOKS = new WeakMap<SandboxContext, AttendanceState>();

export function attendanceOf(ctx: SandboxContext): AttendanceState {
  const state = BOOKS.get(ctx);
  if (!state) throw new Error('The attendance module is not installed in this sandbox world');
  return state;
}

export const attendanceModule: SandboxModule = {
  name: 'attendance',
  install(ctx, router) {
    const state = new AttendanceState(ctx.settings.bulkCovers);
    BOOKS.set(ctx, state);
    if (ctx.settings.demoData) seedAttendance(ctx, state);
    installMeetingRoutes(ctx, router, state);
    installRecordRoutes(ctx, router, state);
    installUserRecordRoutes(ctx, router, state);
  },
};
