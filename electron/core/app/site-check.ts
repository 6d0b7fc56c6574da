import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import type { FeatureCheck, SiteCheck, SiteFeature } from '../../../shared/ipc/site-check-channels';
import { courseRoleInWords, entitlementInWords } from '../../../shared/domain/entitlement-words';
import type { AllyClient } from '../ally';
import { ApiError } from '../http/api-error';
import { hostWords } from '../host-words';
import type { LearnClient } from '../learn/learn-client';
import { TaughtCourses, type TaughtCourse } from './taught-courses';

/**
 * "Check this site": one read-only request per feature, through the same client the screens use,
 * so the answer is Learn's own: a 403 means the user's role lacks the entitlement, a 404 for a
 * course that exists means the service is switched off on this site (docs/api-notes/site-address-and-check.md, "Site
 * check"). Course-level features are probed in one course the user teaches (from the course list already
 * read, taught-courses.ts); nothing is written.
 */

export interface SiteCheckInput {
  learn: LearnClient;
  /** The courses the user teaches, as the course list read them (shared: the check asks Learn no second time); default a read of its own. */
  courses?: () => Promise<readonly TaughtCourse[]>;
  /** Whether the course's roster was read within minutes (learn/course-rosters.ts): that read answers the roster probe. */
  rosterRead?: (courseId: string) => boolean;
  /** Whether the course's meetings were listed within minutes (learn/recent-reads.ts): that read answers the attendance probe. */
  meetingsRead?: (courseId: string) => boolean;
  /** The site's Ally client; absent when the site has no Ally credentials. */
  ally: AllyClient | undefined;
  siteName: string;
  learnVersion?: string | undefined;
  now?: () => Date;
}

/**
 * Feature names as the entitlement table of docs/deploying.md words them (scripts/entitlements.mjs),
 * from the catalogue (`sitecheck.name.<feature>`): the screen writes them in the instructor's language.
 */
const nameOf = (feature: SiteFeature): string => hostWords(`sitecheck.name.${feature}`).message;

/** A reason in the catalogue, as FeatureCheck carries it: the English and its key and values. */
function because(key: MessageKey, values?: Record<string, string | number>): { reason: string; words: HostWords } {
  const { message, words } = hostWords(key, values);
  return { reason: message, words };
}

/** The entitlement each probe's operation needs, as the seeds and the Swagger name it. */
const NEEDS: Record<Exclude<SiteFeature, 'ally'>, string> = {
  courses: 'system.user.course.enrollment.VIEW',
  roster: 'course.user.VIEW',
  attendance: 'course.attendance.VIEW',
  content: 'course.content.VIEW',
  adaptiveRelease: 'course.adaptiverelease.VIEW',
  calendar: 'course.calendar.VIEW',
  announcements: 'system.announcements.VIEW',
};

/** A made-up content hash: Ally answers 404 (or 200 with an empty entry) for it once the credentials are accepted, 401 or 403 otherwise. */
const ALLY_PROBE_HASH = 'rollbook-site-check';

const available = (feature: SiteFeature): FeatureCheck => ({ feature, name: nameOf(feature), state: 'available' });

const unknown = (feature: SiteFeature, key: MessageKey, values?: Record<string, string | number>): FeatureCheck => ({ feature, name: nameOf(feature), state: 'unknown', ...because(key, values) });

/** The verdict of a failed probe: Learn's answer in words, or the error again when it is not Learn's answer (signed out). */
function refused(feature: Exclude<SiteFeature, 'ally'>, error: unknown): FeatureCheck {
  if (!(error instanceof ApiError)) throw error;
  const name = nameOf(feature);
  // Whole sentences per feature (the entitlement each needs is in it), so each language words them as it needs.
  if (error.status === 403) return { feature, name, state: 'not-allowed', askFor: entitlementInWords(NEEDS[feature]), ...because(`sitecheck.notAllowed.${feature}`) };
  if (error.status === 404) return { feature, name, state: 'not-enabled', ...because(`sitecheck.notEnabled.${feature}`) };
  return unknown(feature, 'sitecheck.noAnswer', { error: error.message });
}

async function probe(feature: Exclude<SiteFeature, 'ally'>, read: () => Promise<unknown>): Promise<FeatureCheck> {
  try {
    await read();
    return available(feature);
  } catch (error) {
    return refused(feature, error);
  }
}

/** The first item of a list, reading one page of one item. */
async function first<T>(items: AsyncIterable<T>): Promise<T | undefined> {
  for await (const item of items) return item;
  return undefined;
}

async function checkAlly(ally: AllyClient | undefined): Promise<FeatureCheck> {
  const name = nameOf('ally');
  if (!ally) return { feature: 'ally', name, state: 'not-configured', ...because('sitecheck.ally.notConfigured') };
  try {
    await ally.status(ALLY_PROBE_HASH);
    return available('ally');
  } catch (error) {
    // Past its credentials Ally answers a hash it does not know: 404, or 200 with nothing in it (seed 002: "not shown").
    if (error instanceof ApiError && (error.status === 404 || error.kind === 'invalid-response')) return available('ally');
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { feature: 'ally', name, state: 'not-allowed', ...because('sitecheck.ally.refused') };
    }
    return error instanceof Error ? unknown('ally', 'sitecheck.ally.noAnswer', { error: error.message }) : unknown('ally', 'sitecheck.ally.silent');
  }
}

/** Runs every probe; a feature's failure never stops the others. */
export async function checkSite(input: SiteCheckInput): Promise<SiteCheck> {
  const { learn } = input;
  const checkedAt = (input.now?.() ?? new Date()).toISOString();
  const head = { siteName: input.siteName, ...(input.learnVersion ? { learnVersion: input.learnVersion } : {}), checkedAt };

  let teaching: { id: string; name: string; role: string; past: boolean } | undefined;
  const courses = await probe('courses', async () => {
    for (const course of await (input.courses ?? (() => new TaughtCourses(() => learn, () => undefined).read()))()) {
      // A cross-listed child keeps no attendance of its own, an organisation none at all: probe a course that does.
      if (course.parentId || course.organization) continue;
      // A current course first: its services are the ones in use.
      const better = !teaching || (!course.past && teaching.past) || (course.past === teaching.past && course.role === 'Instructor' && teaching.role !== 'Instructor');
      if (better) teaching = { id: course.id, name: course.name, role: course.role, past: course.past ?? false };
    }
  });

  const site = Promise.all([
    probe('calendar', () => first(learn.calendar.listCalendarItems({ since: new Date(checkedAt), until: new Date(Date.parse(checkedAt) + 7 * 86_400_000), pageSize: 1 }))),
    probe('announcements', () => first(learn.announcements.listAnnouncements({ pageSize: 1 }))),
    checkAlly(input.ally),
  ]);

  let inCourse: FeatureCheck[];
  if (teaching) {
    const courseId = teaching.id;
    let firstItem: string | undefined;
    const [roster, attendance, content] = await Promise.all([
      input.rosterRead?.(courseId) ? Promise.resolve(available('roster')) : probe('roster', () => first(learn.courses.listCourseUsers(courseId, { pageSize: 1 }))),
      input.meetingsRead?.(courseId) ? Promise.resolve(available('attendance')) : probe('attendance', () => first(learn.attendance.listMeetings(courseId, { pageSize: 1 }))),
      probe('content', async () => {
        firstItem = (await first(learn.content.listContents(courseId, { pageSize: 1 })))?.id;
      }),
    ]);
    const release = firstItem
      ? await probe('adaptiveRelease', () => first(learn.adaptiveRelease.listRules(courseId, firstItem ?? '', { pageSize: 1 })))
      : content.state === 'available'
        ? unknown('adaptiveRelease', 'sitecheck.release.noContent', { course: teaching.name })
        : unknown('adaptiveRelease', 'sitecheck.release.contentUnread');
    inCourse = [roster, attendance, content, release];
  } else {
    const why = courses.state === 'available' ? 'sitecheck.noCourse' : 'sitecheck.coursesUnread';
    inCourse = (['roster', 'attendance', 'content', 'adaptiveRelease'] as const).map((f) => unknown(f, why));
  }
  const [calendar, announcements, ally] = await site;
  return {
    ...head,
    ...(teaching ? { course: { name: teaching.name, role: courseRoleInWords(teaching.role), roleId: teaching.role } } : {}),
    features: [courses, ...inCourse, calendar, announcements, ally],
  };
}
