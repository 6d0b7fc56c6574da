import type { AttendanceStatus } from './wire';
import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { Rng } from '../../core/rng';
import { DEMO_COURSES, DEMO_STAFF } from '../institution';
import { rollOf } from './access';
import type { AttendanceState, StoredMeeting } from './state';

/**
 * A term of attendance up to the week of 2026-11-23, deterministic from the seed: the lecture
 * (Mon/Wed 10:00-11:15, no class on Labor Day), the seminar (Thu 14:00-16:30) and a few labs.
 * The first meetings of the lecture and seminar were made in Learn's own grid before the
 * instructor used Rollbook, so they carry only id, courseId, start and a null end.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const TERM_START = '2026-08-31';
const TERM_END = '2026-11-23';
const NO_CLASS = new Set(['2026-09-07']);

interface Schedule {
  courseId: string;
  weekdays: number[];
  /** Local (US Eastern) start time and length. */
  hour: number;
  minute: number;
  minutes: number;
  from: string;
  title: (n: number) => string;
  description: string;
  externalLink?: string;
  /** How many of the first meetings were made in Learn's grid. */
  madeInGui: number;
}

const SCHEDULES: Schedule[] = [
  { courseId: DEMO_COURSES.lecture, weekdays: [1, 3], hour: 10, minute: 0, minutes: 75, from: TERM_START, title: (n) => `Lecture ${n}`, description: 'Hall A', madeInGui: 3 },
  { courseId: DEMO_COURSES.seminar, weekdays: [4], hour: 14, minute: 0, minutes: 150, from: TERM_START, title: (n) => `Seminar, week ${n}`, description: 'Lyman Hall, room 214', madeInGui: 2 },
  {
    courseId: DEMO_COURSES.ultra,
    weekdays: [2],
    hour: 13,
    minute: 0,
    minutes: 110,
    from: '2026-10-27',
    title: (n) => `Lab ${n}`,
    description: 'Science Center B12 (remote students join online)',
    externalLink: 'https://northfield.example.edu/meet/biol-220',
    madeInGui: 0,
  },
];

/** How often a student is absent, late or excused: most come, a few struggle. */
const PROFILES = [
  { share: 0.8, absent: 0.03, late: 0.04, excused: 0.015 },
  { share: 0.15, absent: 0.1, late: 0.08, excused: 0.03 },
  { share: 0.05, absent: 0.3, late: 0.1, excused: 0.03 },
] as const;

export function seedAttendance(ctx: SandboxContext, state: AttendanceState): void {
  const rng = ctx.rng.fork('attendance');
  const instructor = ctx.directory.user(`userName:${DEMO_STAFF.instructor}`);
  const ta = ctx.directory.user(`userName:${DEMO_STAFF.ta}`);
  for (const schedule of SCHEDULES) {
    const course = ctx.directory.course(`courseId:${schedule.courseId}`);
    const markers = [instructor.id, ...(ctx.directory.membership(course.id, ta.id) ? [ta.id] : [])];
    seedCourse(ctx, state, rng, course, schedule, markers);
  }
}

function seedCourse(ctx: SandboxContext, state: AttendanceState, rng: Rng, course: SandboxCourse, schedule: Schedule, markers: string[]): void {
  const roll = rollOf(ctx, course);
  const profiles = new Map(roll.map((m) => [m.userId, pickProfile(rng)]));
  classDays(schedule).forEach((day, index) => {
    const start = easternTime(day, schedule.hour, schedule.minute);
    const gui = index < schedule.madeInGui;
    const meeting: StoredMeeting = gui
      ? // Learn's grid stamps the moment the column was added, a few minutes into class.
        state.addMeeting({ courseId: course.id, start: new Date(start + rng.int(1, 6) * 60_000).toISOString(), end: null, origin: 'gui' })
      : state.addMeeting({
          courseId: course.id,
          title: schedule.title(index + 1),
          description: schedule.description,
          start: new Date(start).toISOString(),
          end: new Date(start + schedule.minutes * 60_000).toISOString(),
          ...(schedule.externalLink ? { externalLink: schedule.externalLink } : {}),
          origin: 'api',
        });
    const marker = rng.chance(0.3) ? (markers[markers.length - 1] as string) : (markers[0] as string);
    const markedAt = new Date(start + rng.int(5, 20) * 60_000).toISOString();
    for (const member of roll) {
      const status = drawStatus(rng, profiles.get(member.userId) ?? PROFILES[0]);
      if (gui) state.setStatusInGui(meeting.id, member.userId, status, markedAt, marker);
      else state.setStatus(meeting.id, member.userId, status, markedAt, marker);
    }
  });
}

function pickProfile(rng: Rng): (typeof PROFILES)[number] {
  let r = rng.next();
  for (const profile of PROFILES) {
    if (r < profile.share) return profile;
    r -= profile.share;
  }
  return PROFILES[0];
}

function drawStatus(rng: Rng, p: (typeof PROFILES)[number]): AttendanceStatus {
  const r = rng.next();
  if (r < p.absent) return 'Absent';
  if (r < p.absent + p.late) return 'Late';
  if (r < p.absent + p.late + p.excused) return 'Excused';
  return 'Present';
}

/** Class days (YYYY-MM-DD) of a schedule from its first day until before the demo's "today". */
function classDays(schedule: Schedule): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${schedule.from}T00:00:00Z`); t < Date.parse(`${TERM_END}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t);
    const day = date.toISOString().slice(0, 10);
    if (schedule.weekdays.includes(date.getUTCDay()) && !NO_CLASS.has(day)) days.push(day);
  }
  return days;
}

/** Northfield keeps US Eastern time: EDT (UTC-4) until 1 November 2026, EST (UTC-5) after. */
function easternTime(day: string, hour: number, minute: number): number {
  const offsetHours = day < '2026-11-01' ? 4 : 5;
  return Date.parse(`${day}T00:00:00Z`) + (hour + offsetHours) * 3_600_000 + minute * 60_000;
}
