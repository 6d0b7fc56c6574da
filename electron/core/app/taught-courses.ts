import type { MyCourse } from '../../../shared/ipc/contract';
import type { CourseMembership } from '../../../shared/api/users';
import type { LearnClient } from '../learn/learn-client';
import type { DeepPartial, FieldName } from '../learn/paging';

/**
 * The courses the signed-in user teaches, read once: one list of their memberships (with the
 * course, trimmed by `fields`), kept for `COURSE_LIST_FRESH_MS` so that Today, My courses, "Show
 * past courses" and the site check share it instead of each asking Learn again
 * (docs/decisions/reads-needed-once.md, "Reads that are needed, once").
 */

/** How long a course list read is used again before Learn is asked anew. */
export const COURSE_LIST_FRESH_MS = 5 * 60_000;

/** Roles that take attendance (the Swagger's courseRoleId values): instructors and teaching assistants. */
const TEACHING = new Set(['Instructor', 'BbFacilitator', 'TeachingAssistant']);

/** What the app uses of a membership and its course: all Learn sends of it. */
const FIELDS: readonly FieldName<CourseMembership>[] = [
  'courseRoleId',
  'availability.available',
  'course.id',
  'course.courseId',
  'course.name',
  'course.ultraStatus',
  'course.organization',
  'course.parentId',
  'course.termId',
  'course.availability',
];

/** A course the user teaches, with the role, and whether its dates are over. */
export interface TaughtCourse extends MyCourse {
  past?: true;
}

type Membership = DeepPartial<CourseMembership>;
type Dates = { type?: string | undefined; end?: string | undefined } | undefined;

/** Over: its own date range ended, or (using its term's) the term's did. Any other duration is current. */
function isPast(own: Dates, term: Dates, now: number): boolean {
  const dates = own?.type === 'DateRange' ? own : own?.type === 'UseTerm' || own?.type === 'Term' ? term : undefined;
  return dates?.type === 'DateRange' && dates.end !== undefined && Date.parse(dates.end) < now;
}

/** Learn lets the user in as a teacher, and the course is open (a course set to No or Disabled is not taught now). */
function teaches(m: Membership): boolean {
  const course = m.course;
  if (!course?.id || !TEACHING.has(m.courseRoleId ?? '')) return false;
  if ((m.availability?.available ?? 'Yes') !== 'Yes') return false;
  const available = course.availability?.available ?? 'Yes';
  return available !== 'No' && available !== 'Disabled';
}

/** The terms the taught courses follow, by id: their dates (a term Learn does not give counts as current). */
async function termDates(learn: LearnClient, memberships: readonly Membership[]): Promise<Map<string, Dates>> {
  const ids = new Set<string>();
  for (const m of memberships) {
    const type = m.course?.availability?.duration?.type;
    if (m.course?.termId && (type === 'UseTerm' || type === 'Term')) ids.add(m.course.termId);
  }
  const terms = new Map<string, Dates>();
  await Promise.all(
    [...ids].map(async (id) => {
      const term = await learn.courses.getTerm(id, { fields: ['availability.duration'] }).catch(() => undefined);
      terms.set(id, term?.availability?.duration);
    }),
  );
  return terms;
}

async function readTaught(learn: LearnClient, now: number): Promise<TaughtCourse[]> {
  const memberships: Membership[] = [];
  for await (const m of learn.courses.listUserCourses('me', { fields: FIELDS })) if (teaches(m)) memberships.push(m);
  const terms = await termDates(learn, memberships);
  return memberships.map((m) => {
    const course = m.course ?? {};
    const id = course.id ?? '';
    const past = isPast(course.availability?.duration, course.termId ? terms.get(course.termId) : undefined, now);
    return {
      id,
      courseId: course.courseId ?? id,
      name: course.name ?? course.courseId ?? id,
      ultra: course.ultraStatus === 'Ultra',
      organization: course.organization ?? false,
      role: m.courseRoleId ?? 'Instructor',
      ...(course.parentId ? { parentId: course.parentId } : {}),
      ...(past ? { past: true as const } : {}),
    };
  });
}

/** The course list of each identity, read at most once per window. */
export class TaughtCourses {
  readonly #kept = new Map<string, { learn: LearnClient; at: number; read: Promise<TaughtCourse[]> }>();

  constructor(
    private readonly learn: () => LearnClient,
    private readonly identity: () => string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every course taught, past ones marked; from the last read when it is fresh. */
  read(): Promise<TaughtCourse[]> {
    const learn = this.learn();
    const key = this.identity() ?? '';
    const at = this.now();
    const kept = this.#kept.get(key);
    if (kept && kept.learn === learn && at - kept.at < COURSE_LIST_FRESH_MS) return kept.read;
    const read = readTaught(learn, at);
    this.#kept.set(key, { learn, at, read });
    // A read that failed is not kept: the next one asks again.
    read.catch(() => {
      if (this.#kept.get(key)?.read === read) this.#kept.delete(key);
    });
    return read;
  }
}
