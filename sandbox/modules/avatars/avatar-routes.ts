import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authed, entitlements, type SandboxContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/errors';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { meOf } from '../users-courses/user-routes';
import { isSystemLevel } from '../users-courses/visibility';
import { avatarStore } from './avatar-store';

/**
 * Get User Avatar (Swagger 3900.121.0, GET /v1/users/{userId}/avatar, "Since 3800.10.0"): "The
 * response is an HTTP redirect rather than image raw data ... The redirect link returned is signed
 * on behalf of the user of the API. It is expiring ... The caller of this API is checked for
 * permissions to see the requested user's resource." 404 for an unknown user or no avatar, 403
 * when the caller may not see the user, 400 for a malformed id.
 *
 * The signed link points at the other loopback name (127.0.0.1 <-> localhost), standing for a
 * file host apart from the API host, and refuses a request that also carries an Authorization
 * header (as signed-URL stores do): a client that forwards its bearer token there fails here.
 */
const AVATAR = '/learn/api/public/v1/users/:userId/avatar';
const FILES = '/learn/signed/avatars/:ref';
const LINK_LIFETIME_MS = 10 * 60 * 1000;

export function installAvatarRoutes(ctx: SandboxContext, router: Router): void {
  const store = avatarStore(ctx);
  // A new key per world: links from before a reset stop working.
  const key = randomBytes(32);
  const sign = (ref: string, expires: number): string => createHmac('sha256', key).update(`${ref}:${expires}`).digest('hex');

  router.get(
    AVATAR,
    authed(ctx, (req, principal) => {
      const user = ctx.directory.user(req.params.userId ?? '', meOf(principal));
      if (!maySee(ctx, principal, user.id)) {
        throw forbidden(`User ${user.id} is not one this caller may see: only the user, course staff of a course they are in (course.user.VIEW) or the system level`);
      }
      if (!store.pictureOf(user.id)) throw notFound(`The avatar of user ${user.id} is not found`);
      // The ref names the user and the picture's version, so a changed picture gets a new link.
      const ref = `${user.id}-${store.versionOf(user.id)}`;
      const expires = ctx.clock.now() + LINK_LIFETIME_MS;
      const location = `${fileOrigin(req.origin)}/learn/signed/avatars/${encodeURIComponent(ref)}?expires=${expires}&signature=${sign(ref, expires)}`;
      return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
    }),
  );

  router.get(FILES, (req) => {
    if (req.headers.authorization) {
      throw badRequest('Only one authentication mechanism is allowed: this link is signed, so send it without an Authorization header');
    }
    const ref = req.params.ref ?? '';
    const expires = Number(req.query.get('expires'));
    const given = Buffer.from(req.query.get('signature') ?? '', 'hex');
    const wanted = Buffer.from(sign(ref, expires), 'hex');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw forbidden('This avatar link is not valid: ask the avatar endpoint for a new one');
    if (!(expires > ctx.clock.now())) throw forbidden('This avatar link has expired: ask the avatar endpoint for a new one');
    const userId = ref.slice(0, ref.lastIndexOf('-'));
    const file = ref === `${userId}-${store.versionOf(userId)}` ? store.fileOf(userId) : undefined;
    if (!file) throw notFound('This avatar no longer exists');
    return { status: 200, body: file.bytes, headers: { 'Content-Type': file.contentType, 'Content-Length': String(file.bytes.length), 'Cache-Control': 'private, max-age=600' } };
  });
}

/** Themselves, the system level, or staff holding course.user.VIEW in a course the user is in. */
function maySee(ctx: SandboxContext, principal: Principal, userId: string): boolean {
  if (isSystemLevel(ctx, principal)) return true;
  if (principal.kind !== 'user') return false;
  if (principal.userId === userId) return true;
  return ctx.directory
    .userMemberships(userId)
    .some((m) => ctx.directory.membership(m.courseId, principal.userId) !== undefined && entitlements(ctx, principal, m.courseId).has('course.user.VIEW'));
}

/** The other loopback name on the same port; any other name keeps its own origin. */
function fileOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.origin;
}
