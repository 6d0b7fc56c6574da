import type { CourseMembership } from '../../../shared/api/users';
import type { RosterMember } from '../../../shared/ipc/contract';
import type { LearnClient } from './learn-client';
import type { FieldName } from './paging';

/**
 * A course's roll, one read serving the core within a few minutes: the screens' (`learn.roster`,
 * with names and photos) and the sync engine's (ids, for the bulk status). One read of
 * `GET /courses/{id}/users?role=Student` with the fields the screens show serves both, so a roll
 * call opened and synced minutes later reads the roster once (docs/decisions/reads-needed-once.md, "Reads that are
 * needed, once"). Kept per identity (site and user) and course, for the client that read it; a
 * read that failed is not kept.
 */

/** How long a roster read is used again before Learn is asked anew. */
export const ROSTER_FRESH_MS = 5 * 60_000;

/** What the app uses of a membership and its user (`fields=`: a 300-student roster is three pages, not thirty fields each). */
const ROSTER_FIELDS: readonly FieldName<CourseMembership>[] = [
  'userId',
  'courseRoleId',
  'availability.available',
  'user.userName',
  'user.name.given',
  'user.name.family',
  'user.studentId',
  'user.contact.email',
  'user.externalId',
  'user.avatar.viewUrl',
];

/** The students on the roll, sorted as a roll call reads: by last name, then first name, then user name. */
async function readRoll(learn: LearnClient, courseId: string): Promise<RosterMember[]> {
  const members: RosterMember[] = [];
  for await (const m of learn.courses.listCourseUsers(courseId, { role: 'Student', fields: ROSTER_FIELDS })) {
    // Learn keeps records only for students whose enrolment is available (docs/api-notes/attendance.md,
    // "Who is on the roll"): those are the roll, and what a bulk status sets.
    if (m.courseRoleId !== 'Student' || (m.availability?.available ?? 'Yes') !== 'Yes' || !m.userId) continue;
    const user = m.user;
    members.push({
      userId: m.userId,
      userName: user?.userName ?? m.userId,
      givenName: user?.name?.given ?? '',
      familyName: user?.name?.family ?? '',
      ...(user?.studentId ? { studentId: user.studentId } : {}),
      ...(user?.contact?.email ? { email: user.contact.email } : {}),
      ...(user?.externalId ? { externalId: user.externalId } : {}),
      role: m.courseRoleId,
      ...(user?.avatar?.viewUrl ? { avatarLink: user.avatar.viewUrl } : {}),
    });
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  members.sort((a, b) => collator.compare(a.familyName, b.familyName) || collator.compare(a.givenName, b.givenName) || collator.compare(a.userName, b.userName));
  return members;
}

/** One client's view of the kept rosters (what the sync engine is given). */
export interface RollReader {
  /** The roll: the kept read while fresh, else a new one. */
  read(courseId: string): Promise<readonly RosterMember[]>;
  /** Whether a fresh read is kept or on its way (reading costs nothing then). */
  fresh(courseId: string): boolean;
  /** The roll of a fresh read that has answered, or undefined; asks Learn nothing. */
  known(courseId: string): readonly RosterMember[] | undefined;
}

interface Kept {
  learn: LearnClient;
  at: number;
  read: Promise<RosterMember[]>;
  members?: RosterMember[];
}

export class CourseRosters {
  readonly #kept = new Map<string, Kept>();

  constructor(
    private readonly identity: () => string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  #fresh(learn: LearnClient, courseId: string): Kept | undefined {
    const kept = this.#kept.get(`${this.identity() ?? ''}|${courseId}`);
    return kept && kept.learn === learn && this.now() - kept.at < ROSTER_FRESH_MS ? kept : undefined;
  }

  /** The roll: a read kept within ROSTER_FRESH_MS (or on its way), else a new one. */
  read(learn: LearnClient, courseId: string): Promise<RosterMember[]> {
    return this.#fresh(learn, courseId)?.read ?? this.#start(learn, courseId);
  }

  /**
   * The roll read now (joining a read still on its way), kept for the others. The screens keep
   * their own freshness (the renderer's read-freshness.ts: navigation within minutes asks nothing,
   * a screen back online reads again), so their asking means Learn is to be asked.
   */
  readNow(learn: LearnClient, courseId: string): Promise<RosterMember[]> {
    const kept = this.#fresh(learn, courseId);
    return kept && !kept.members ? kept.read : this.#start(learn, courseId);
  }

  #start(learn: LearnClient, courseId: string): Promise<RosterMember[]> {
    const key = `${this.identity() ?? ''}|${courseId}`;
    const kept: Kept = { learn, at: this.now(), read: readRoll(learn, courseId) };
    this.#kept.set(key, kept);
    kept.read.then(
      (members) => (kept.members = members),
      () => {
        if (this.#kept.get(key) === kept) this.#kept.delete(key);
      },
    );
    return kept.read;
  }

  of(learn: LearnClient): RollReader {
    return {
      read: (courseId) => this.read(learn, courseId),
      fresh: (courseId) => this.#fresh(learn, courseId) !== undefined,
      known: (courseId) => this.#fresh(learn, courseId)?.members,
    };
  }
}
