import { TokenInfo } from '../../../shared/api/oauth';
import { AdaptiveReleaseApi } from './adaptive-release';
import { AnnouncementsApi } from './announcements';
import { AttendanceApi } from './attendance';
import { AvatarsApi } from './avatars';
import { CalendarApi } from './calendar';
import { ContentApi } from './content';
import { CourseAnnouncementsApi } from './course-announcements';
import { CoursesApi } from './courses';
import { LearnHttp, type LearnHttpOptions } from './learn-http';
import { toQuery } from './paging';

/**
 * The typed Learn REST client: one method per operation, grouped by area
 * (`learn.attendance.listMeetings(...)`, `learn.content.getContent(...)`, ...).
 *
 * - Every answer is validated against the shared schemas (`shared/api/`); a mismatch is an
 *   ApiError of kind 'invalid-response' naming the operation and the first issue.
 * - Lists are async iterators over every page (`for await (const m of learn.attendance.listMeetings(id))`).
 *   Passing `fields` types the items as Partial.
 * - Failures are ApiError (http/api-error.ts); the retry policy is http/retry-policy.ts; a POST whose
 *   answer is lost is never repeated (ApiError `outcomeUnknown`), the caller reconciles.
 * - A 401 refreshes the token once (AccessTokenProvider) and repeats the request once; a failed
 *   refresh is SignInRequiredError.
 * - The base URL must be https (http only on 127.0.0.1/localhost); a wrong one throws BaseUrlError.
 */
export class LearnClient {
  readonly attendance: AttendanceApi;
  readonly content: ContentApi;
  readonly adaptiveRelease: AdaptiveReleaseApi;
  readonly calendar: CalendarApi;
  readonly announcements: AnnouncementsApi;
  readonly courseAnnouncements: CourseAnnouncementsApi;
  readonly courses: CoursesApi;
  readonly avatars: AvatarsApi;
  readonly #learn: LearnHttp;

  constructor(options: LearnHttpOptions) {
    this.#learn = new LearnHttp(options);
    this.attendance = new AttendanceApi(this.#learn);
    this.content = new ContentApi(this.#learn);
    this.adaptiveRelease = new AdaptiveReleaseApi(this.#learn);
    this.calendar = new CalendarApi(this.#learn);
    this.announcements = new AnnouncementsApi(this.#learn);
    this.courseAnnouncements = new CourseAnnouncementsApi(this.#learn);
    this.courses = new CoursesApi(this.#learn);
    this.avatars = new AvatarsApi(this.#learn);
  }

  /** The Learn address in use (normalised: no trailing slash). */
  get baseUrl(): URL {
    return new URL(this.#learn.base.href);
  }

  /**
   * Which application the current token belongs to and its scopes (Get Token Info). Learn takes the
   * token in the query here; the client never logs or shows query strings.
   */
  async tokenInfo(options: { signal?: AbortSignal } = {}): Promise<TokenInfo> {
    const token = await this.#learn.accessToken(options.signal);
    return this.#learn.read(
      { method: 'GET', path: '/api/public/v1/oauth2/tokeninfo', query: toQuery({ access_token: token }), bearer: false, operation: 'check your Learn sign-in', signal: options.signal },
      TokenInfo,
    );
  }
}
