import type { SandboxContext } from '../../core/context';
import type { SandboxUser } from '../../core/directory';
import { formBody, type SandboxReply, type SandboxRequest } from '../../core/http';
import type { Router } from '../../core/router';
import { checkAuthorizationRequest } from './authorize-request';
import { appByKey } from './clients';
import { MAX_FAILED_LOGINS, randomToken, type GrantStore, type PendingAuthorization } from './grants';
import { AUTHORIZE_PATH, consentPage, errorPage, htmlReply, loginPage } from './pages';
import { formActionSource, redirectOrigin, redirectWith } from './redirect-uri';

/**
 * GET /learn/api/public/v1/oauth2/authorizationcode starts a sign-in (login page); the pages post
 * back to the same path: the password, then the user's Allow or Deny. The sign-in lives on the
 * server; the page carries its id and a per-page CSRF token, and a cookie binds it to the browser
 * that started it, so a sign-in begun elsewhere cannot be completed in the user's browser.
 */

const BROWSER_COOKIE = 'learn_oauth_browser';
const WRONG_PASSWORD = 'The username or password is incorrect. Check both and try again.';

export function installAuthorizePages(ctx: SandboxContext, router: Router, grants: GrantStore): void {
  router.get(AUTHORIZE_PATH, (req) => start(ctx, grants, req));
  router.post(AUTHORIZE_PATH, (req) => submit(ctx, grants, req));
}

function start(ctx: SandboxContext, grants: GrantStore, req: SandboxRequest): SandboxReply {
  const check = checkAuthorizationRequest(req.query, ctx.settings);
  if (check.kind === 'errorPage') return htmlReply(400, errorPage(check.message));
  if (check.kind === 'errorRedirect') {
    return redirect(redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }));
  }
  // Reuse the browser's key so two sign-ins in two tabs both work; only a key we could have minted.
  const existing = readCookie(req, BROWSER_COOKIE);
  const browserKey = existing !== undefined && /^[\w-]{43}$/.test(existing) ? existing : randomToken();
  const pending = grants.startSignIn(check.request, browserKey);
  const secure = req.origin.startsWith('https:') ? '; Secure' : '';
  return htmlReply(200, loginPage(appName(pending), { pendingId: pending.id, csrf: pending.csrf }), {
    headers: { 'Set-Cookie': `${BROWSER_COOKIE}=${browserKey}; Path=${AUTHORIZE_PATH}; HttpOnly; SameSite=Lax${secure}` },
  });
}

function submit(ctx: SandboxContext, grants: GrantStore, req: SandboxRequest): SandboxReply {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return htmlReply(400, errorPage('The sign-in form must be posted as a form (application/x-www-form-urlencoded).'));
  }
  const form = formBody(req);
  const pending = grants.pendingSignIn(form.get('pending') ?? '');
  if (!pending) return htmlReply(400, errorPage('This sign-in has expired or is already finished.'));
  if (readCookie(req, BROWSER_COOKIE) !== pending.browserKey) {
    return htmlReply(403, errorPage('This sign-in was started in another browser, or its cookie was blocked. Allow cookies for this site.'));
  }
  if (form.get('csrf') !== pending.csrf) {
    return htmlReply(403, errorPage('This page is out of date (it was submitted twice, or from an old copy).'));
  }
  const step = form.get('step');
  if (step === 'login' && pending.userId === undefined) return login(grants, pending, form, findUser(ctx, form.get('username') ?? ''));
  if (step === 'consent' && pending.userId !== undefined) return consent(ctx, grants, pending, pending.userId, form.get('decision'));
  return htmlReply(400, errorPage(`Unexpected sign-in step '${step ?? ''}'.`));
}

function login(grants: GrantStore, pending: PendingAuthorization, form: URLSearchParams, user: SandboxUser | undefined): SandboxReply {
  const userName = form.get('username') ?? '';
  const password = form.get('password') ?? '';
  const usable = user !== undefined && user.availability?.available !== 'No' && user.password === password;
  if (!usable) {
    pending.failedLogins++;
    if (pending.failedLogins >= MAX_FAILED_LOGINS) {
      grants.finishSignIn(pending);
      const description = `Sign-in abandoned after ${MAX_FAILED_LOGINS} wrong passwords`;
      return redirect(redirectWith(pending.request.redirectUri, { error: 'access_denied', error_description: description, state: pending.request.state }));
    }
    const csrf = grants.rotateCsrf(pending);
    return htmlReply(200, loginPage(appName(pending), { pendingId: pending.id, csrf }, { error: WRONG_PASSWORD, userName }));
  }
  pending.userId = user.id;
  const csrf = grants.rotateCsrf(pending);
  const page = consentPage(appName(pending), { pendingId: pending.id, csrf }, displayName(user), pending.request.scopes, redirectOrigin(pending.request.redirectUri));
  return htmlReply(200, page, { formTargets: [formActionSource(pending.request.redirectUri)] });
}

function consent(ctx: SandboxContext, grants: GrantStore, pending: PendingAuthorization, userId: string, decision: string | null): SandboxReply {
  const { redirectUri, state } = pending.request;
  if (decision === 'deny') {
    grants.finishSignIn(pending);
    return redirect(redirectWith(redirectUri, { error: 'access_denied', error_description: 'The user denied the app access', state }));
  }
  if (decision !== 'allow') return htmlReply(400, errorPage("Choose Allow or Deny."));
  const grant = grants.issueCode(pending, userId, ctx.settings.authCodeLifetimeSeconds);
  ctx.log.debug('Authorization code issued', { userId, scopes: pending.request.scopes.join(' ') });
  return redirect(redirectWith(redirectUri, { code: grant.code, state }));
}

/** 302 back to the app; no-referrer so the code does not travel further than the redirect target. */
const redirect = (location: string): SandboxReply => ({
  status: 302,
  headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
});

const appName = (pending: PendingAuthorization): string => appByKey(pending.request.clientKey)?.name ?? 'The application';

function findUser(ctx: SandboxContext, userName: string): SandboxUser | undefined {
  if (userName === '') return undefined;
  for (const user of ctx.directory.users.values()) if (user.userName === userName) return user;
  return undefined;
}

function displayName(user: SandboxUser): string {
  const name = [user.name?.title, user.name?.given, user.name?.family].filter(Boolean).join(' ');
  return name ? `${name} (${user.userName})` : user.userName;
}

function readCookie(req: SandboxRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}
