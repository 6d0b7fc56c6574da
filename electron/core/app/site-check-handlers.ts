import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import type { SiteCheck } from '../../../shared/ipc/site-check-channels';
import type { AllyClient } from '../ally';
import type { CourseRosters } from '../learn/course-rosters';
import type { RecentReads } from '../learn/recent-reads';
import type { Handlers } from '../ipc/dispatcher';
import type { SignInService } from './sign-in-service';
import { checkSite } from './site-check';
import type { TaughtCourses } from './taught-courses';

/**
 * `site.check`: the site check of the identity signed in, run once per sign-in and again on
 * request. Screens ask for it to know what to offer; the settings panel asks for a new one. Every
 * answer carries the site's request budget as last seen, with no request made for it.
 */
export function siteCheckHandlers(deps: {
  signIn: SignInService;
  ally: () => AllyClient | undefined;
  courses: TaughtCourses;
  budget?: () => RequestBudget | undefined;
  /** The rosters the core keeps: a fresh one answers the first check's roster probe (a check asked again asks Learn). */
  rosters?: CourseRosters;
  /** Reads the core made lately: a course's meetings listed within minutes answer the first check's attendance probe. */
  recent?: RecentReads;
}): Pick<Handlers, 'site.check'> {
  const last = new Map<string, Promise<SiteCheck>>();
  return {
    'site.check': async ({ again }) => {
      const { signIn } = deps;
      const learn = signIn.learn();
      const status = signIn.status();
      const key = status.identity?.key ?? '';
      const withBudget = async (check: Promise<SiteCheck>): Promise<SiteCheck> => {
        const { budget: _old, ...rest } = await check;
        const budget = deps.budget?.();
        return budget ? { ...rest, budget } : rest;
      };
      const kept = last.get(key);
      if (kept && !again) return withBudget(kept);
      const run = (async () => {
        const site = await signIn.site().catch(() => ({ learnVersion: undefined }));
        // The first check takes reads made within minutes as its probes' answers; asked again, it asks Learn.
        const rosters = again ? undefined : deps.rosters?.of(learn);
        const recent = again ? undefined : deps.recent;
        return checkSite({
          learn,
          courses: () => deps.courses.read(),
          ...(rosters ? { rosterRead: (courseId: string) => rosters.known(courseId) !== undefined } : {}),
          ...(recent ? { meetingsRead: (courseId: string) => recent.fresh('meetings', courseId) } : {}),
          ally: deps.ally(),
          siteName: status.identity?.siteName ?? learn.baseUrl.host,
          learnVersion: site.learnVersion,
        });
      })();
      last.set(key, run);
      // A check that failed as a whole (signed out, no network) is not kept: the next request tries again.
      run.catch(() => {
        if (last.get(key) === run) last.delete(key);
      });
      return withBudget(run);
    },
  };
}
