import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Router } from './core/router';
import { badRequest } from './core/errors';
import { jsonBody, ok, type SandboxRequest } from './core/http';
import type { RunningSandbox } from './running-sandbox';
import { attendanceOf } from './modules/attendance';
import { allyStoreOf } from './modules/ally';
import { courseAnnouncementStoreOf } from './modules/course-announcements';
import { tokenErrorForm } from './modules/oauth/error-form';
import { avatarStore } from './modules/avatars/avatar-store';
import { PICTURE_KINDS, type PictureKind } from './modules/avatars/pictures';

/**
 * The control API under `/__sandbox/`: tests and the benchmarks reset the world, set faults,
 * move the clock, expire tokens, read request counts, set and read the site's daily quota, choose
 * the bulk status's coverage and the groups list's open answers, take privileges from a role and
 * switch a service off (as a Learn administrator would). Never subject to faults or quota.
 */
const FaultPatch = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  serverErrorRate: z.number().min(0).max(1).optional(),
  serverErrorStatuses: z.array(z.number().int().min(500).max(599)).min(1).optional(),
  rateLimitRate: z.number().min(0).max(1).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
  dropAfterApplyRate: z.number().min(0).max(1).optional(),
  dropMethods: z.array(z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])).min(1).optional(),
  pathPattern: z.string().nullable().optional(),
  seed: z.number().int().optional(),
  failNext: z
    .strictObject({ count: z.number().int().min(1), method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(), status: z.number().int().min(500).max(599).optional() })
    .nullable()
    .optional(),
});

const ClockPatch = z.union([
  z.strictObject({ advanceMs: z.number() }),
  z.strictObject({ set: z.iso.datetime({ offset: true }) }),
  z.strictObject({ reset: z.literal(true) }),
]);

/**
 * The site's daily budget. `limit` alone keeps its old meaning (a new full window); `remaining` and
 * `resetInSeconds` set the current window precisely; `resetForm` and `retryAfter` choose between
 * the answers the vendor's quotas page leaves open (docs/api-notes/quota-and-rate-limits.md, "Rate limits").
 */
const QuotaPatch = z.strictObject({
  limit: z.number().int().min(0).optional(),
  remaining: z.number().int().min(0).optional(),
  resetInSeconds: z.number().int().min(1).max(86_400).optional(),
  resetForm: z.enum(['seconds', 'epoch']).optional(),
  retryAfter: z.union([z.null(), z.number().int().min(0), z.literal('reset')]).optional(),
});

/** Who the bulk "set a status for everyone" covers: the Swagger's "all users in the course", or students only. */
const AttendancePatch = z.strictObject({ bulkCovers: z.enum(['course', 'students']).optional() });
/** A record holding a status a later Learn release adds (docs/api-notes/attendance.md "A status Learn adds"). */
const LaterStatus = z.strictObject({ meetingId: z.number().int().positive(), userId: z.string().min(1), status: z.string().min(1), byUserId: z.string().min(1) });

/** How Ally's hashes look and what it answers for one it does not know (docs/api-notes/ally.md "Ally content hashes"). */
const AllyPatch = z.strictObject({ hashForm: z.enum(['samples', 'opaque']).optional(), unknownHash: z.enum(['not-found', 'empty']).optional() });
/** How the token endpoint refuses: Learn's error body or RFC 6749's, and a refused grant's status (modules/oauth/error-form.ts). */
const OAuthPatch = z.strictObject({ errorBody: z.enum(['learn', 'oauth']).optional(), refusedGrantStatus: z.union([z.literal(400), z.literal(401)]).optional() });

/** What the groups list answers where the Swagger is open: the sets listed among "top-level groups"; `inGroupSet` honoured or ignored. */
const GroupsPatch = z.strictObject({ setsListed: z.boolean().optional(), inGroupSet: z.enum(['filters', 'ignored']).optional() });

/** The order of a course's announcements read without `sort` (the Swagger names none). */
const CourseAnnouncementsPatch = z.strictObject({ order: z.enum(['newest-first', 'oldest-first']) });

const RefreshValues = z.strictObject({ values: z.array(z.string().min(16).max(200)).min(1).max(100) });

/** An administrator's change to a role's privileges (system role id such as `User`, or course role id such as `TeachingAssistant`). */
const RolePatch = z.strictObject({
  roleId: z.string().min(1).max(100),
  revoke: z.array(z.string().min(1).max(200)).max(100).optional(),
  restore: z.array(z.string().min(1).max(200)).max(100).optional(),
});

/** Services of the site switched on or off (Learn: its Building Blocks). */
/** One user's avatar: a picture of a kind (`huge`, `not-image` test the client's guards), or none. */
/** A user's own language in Learn (Swagger UserV1.Locale: `id`, `calendar`, `firstDayOfWeek`); `{}` as curl-demo.md shows a user without one. */
const UserLocalePatch = z.strictObject({
  userId: z.string().min(1),
  locale: z.strictObject({ id: z.string().min(1).max(40).optional(), calendar: z.enum(['Gregorian', 'GregorianHijri', 'Hijri', 'HijriGregorian']).optional(), firstDayOfWeek: z.enum(['0', '1', '6']).optional() }),
});
const AvatarPatch = z.strictObject({
  userId: z.string().min(1).max(200),
  picture: z.enum(PICTURE_KINDS as [PictureKind, ...PictureKind[]]).nullable(),
  tone: z.number().int().min(0).max(47).optional(),
});

const ServicesPatch = z.strictObject({ attendance: z.boolean().optional() });

/**
 * Who may use the control API: whoever started this sandbox, holding this run's token (another
 * account on the computer, or a page in the owner's browser, can reach the port but not read the
 * token), and never a page of another origin (a browser names it in Origin).
 */
export const CONTROL_HEADER = 'x-sandbox-control';

export function newControlToken(): string {
  return randomBytes(24).toString('base64url');
}

export function controlRefusal(req: SandboxRequest, token: string, ownOrigin: string): string | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin) return 'The sandbox control API answers no other site\'s page.';
  const given = req.headers[CONTROL_HEADER];
  const a = Buffer.from(typeof given === 'string' ? given : '');
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return `The sandbox control API needs this run's token in ${CONTROL_HEADER}.`;
  return undefined;
}

function parse<T>(schema: z.ZodType<T>, req: SandboxRequest): T {
  const result = schema.safeParse(req.rawBody.length === 0 ? {} : jsonBody(req));
  if (!result.success) throw badRequest(`Invalid control request: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function installControlRoutes(router: Router, sandbox: RunningSandbox): Router {
  return router
    .post('/__sandbox/reset', () => {
      sandbox.reset();
      return ok({ reset: true });
    })
    .get('/__sandbox/faults', () => ok({ config: sandbox.context().faults.config, injected: sandbox.context().faults.injected }))
    .post('/__sandbox/faults', (req) => ok({ config: sandbox.configureFaults(parse(FaultPatch, req)) }))
    .get('/__sandbox/clock', () => ok({ now: sandbox.context().clock.iso() }))
    .post('/__sandbox/clock', (req) => {
      const patch = parse(ClockPatch, req);
      const clock = sandbox.context().clock;
      if ('advanceMs' in patch) clock.advance(patch.advanceMs);
      else if ('set' in patch) clock.set(Date.parse(patch.set));
      else clock.reset();
      return ok({ now: clock.iso() });
    })
    .post('/__sandbox/tokens/expire', () => {
      sandbox.context().tokens.expireAll();
      return ok({ expired: true });
    })
    .post('/__sandbox/tokens/refresh-values', (req) => {
      const queue = sandbox.context().tokens.scriptedRefreshTokens;
      queue.push(...parse(RefreshValues, req).values);
      return ok({ queued: queue.length });
    })
    .get('/__sandbox/oauth', () => ok(tokenErrorForm(sandbox.context())))
    .post('/__sandbox/oauth', (req) => ok(Object.assign(tokenErrorForm(sandbox.context()), parse(OAuthPatch, req))))
    .get('/__sandbox/quota', () => ok(sandbox.context().quota.state()))
    .post('/__sandbox/quota', (req) => {
      const patch = parse(QuotaPatch, req);
      const quota = sandbox.context().quota;
      if (patch.limit !== undefined) {
        quota.limit = patch.limit;
        quota.reset();
      }
      if (patch.remaining !== undefined) quota.setRemaining(patch.remaining);
      if (patch.resetInSeconds !== undefined) quota.setResetInSeconds(patch.resetInSeconds);
      if (patch.resetForm !== undefined) quota.resetForm = patch.resetForm;
      if (patch.retryAfter !== undefined) quota.retryAfter = patch.retryAfter;
      return ok(quota.state());
    })
    .get('/__sandbox/attendance', () => ok({ bulkCovers: attendanceOf(sandbox.context()).bulkCovers }))
    .post('/__sandbox/attendance', (req) => {
      const patch = parse(AttendancePatch, req);
      const book = attendanceOf(sandbox.context());
      if (patch.bulkCovers !== undefined) book.bulkCovers = patch.bulkCovers;
      return ok({ bulkCovers: book.bulkCovers });
    })
    .post('/__sandbox/attendance/status', (req) => {
      const { meetingId, userId, status, byUserId } = parse(LaterStatus, req);
      const book = attendanceOf(sandbox.context());
      if (!book.meeting(meetingId)) throw badRequest(`meeting ${meetingId} does not exist`);
      const { record } = book.setStatus(meetingId, userId, status, sandbox.context().clock.iso(), byUserId);
      return ok({ id: record.id, status: record.status });
    })
    .post('/__sandbox/ally', (req) => {
      const patch = parse(AllyPatch, req);
      const store = allyStoreOf(sandbox.context());
      if (patch.hashForm !== undefined) store.hashForm = patch.hashForm;
      if (patch.unknownHash !== undefined) store.unknownHash = patch.unknownHash;
      return ok({ hashForm: store.hashForm, unknownHash: store.unknownHash });
    })
    .post('/__sandbox/groups', (req) => {
      const patch = parse(GroupsPatch, req);
      const answers = sandbox.context().directory.groupListAnswers;
      if (patch.setsListed !== undefined) answers.setsListed = patch.setsListed;
      if (patch.inGroupSet !== undefined) answers.inGroupSet = patch.inGroupSet;
      return ok({ ...answers });
    })
    .post('/__sandbox/course-announcements', (req) => {
      const { order } = parse(CourseAnnouncementsPatch, req);
      courseAnnouncementStoreOf(sandbox.context()).order = order;
      return ok({ order });
    })
    .post('/__sandbox/roles', (req) => {
      const { roleId, revoke = [], restore = [] } = parse(RolePatch, req);
      const roles = sandbox.context().directory.revokedPrivileges;
      const revoked = roles.get(roleId) ?? new Set<string>();
      for (const e of revoke) revoked.add(e);
      for (const e of restore) revoked.delete(e);
      roles.set(roleId, revoked);
      return ok({ roleId, revoked: [...revoked].sort() });
    })
    .post('/__sandbox/services', (req) => {
      const patch = parse(ServicesPatch, req);
      const off = sandbox.context().directory.servicesOff;
      if (patch.attendance !== undefined) {
        if (patch.attendance) off.delete('attendance');
        else off.add('attendance');
      }
      return ok({ off: [...off].sort() });
    })
    .post('/__sandbox/avatars', (req) => {
      const { userId, picture, tone = 0 } = parse(AvatarPatch, req);
      const user = sandbox.context().directory.user(userId);
      avatarStore(sandbox.context()).set(user.id, picture ? { kind: picture, tone } : undefined);
      return ok({ userId: user.id, picture });
    })
    .post('/__sandbox/user-locale', (req) => {
      const { userId, locale } = parse(UserLocalePatch, req);
      const user = sandbox.context().directory.user(userId);
      user.locale = { ...locale };
      return ok({ userId: user.id, locale: user.locale });
    })
    .get('/__sandbox/stats', () => ok(sandbox.stats()));
}
