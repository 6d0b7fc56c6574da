import { createHash } from 'node:crypto';
import type { SandboxReply } from '../../core/http';
import type { Scope } from '../../core/tokens';
import { SCOPE_WORDS } from './scopes';

/**
 * The sign-in pages a browser sees at the authorization code endpoint: login, consent and error.
 * Small, accessible (lang, title, labels, an alert for errors) and self-contained: no scripts, no
 * external resources, and a CSP that allows only the one inline style (by hash) and form posts
 * to this site, plus, on the consent page, the app's redirect origin (Chromium applies
 * form-action to the redirect that follows a form post).
 */

export const AUTHORIZE_PATH = '/learn/api/public/v1/oauth2/authorizationcode';
const SITE = 'Northfield University Learn (sandbox)';

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d1f23}',
  'main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}',
  'h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin-top:1rem}',
  'input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:4px}',
  'button{margin-top:1.25rem;margin-right:.5rem;padding:.5rem 1.25rem;font:inherit;border-radius:4px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff}',
  'button.secondary{background:#fff;color:#1d4ed8}.error{color:#b91c1c;font-weight:600}.hint{color:#4b5563;font-size:.9rem}',
  ':focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} – ${SITE}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** An HTML answer with the page's security headers. `formTargets` are origins besides 'self' a form may reach. */
export function htmlReply(status: number, html: string, options: { formTargets?: string[]; headers?: Record<string, string> } = {}): SandboxReply {
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  return {
    status,
    body: html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      ...(options.headers ?? {}),
    },
  };
}

const hidden = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');

export interface FormState {
  pendingId: string;
  csrf: string;
}

export function loginPage(appName: string, form: FormState, options: { error?: string; userName?: string } = {}): string {
  const error = options.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>` : '';
  const described = options.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return layout(
    'Sign in',
    `<h1>Sign in to Learn</h1>
<p>to continue to <strong>${escapeHtml(appName)}</strong></p>
${error}
<form method="post" action="${AUTHORIZE_PATH}">
${hidden({ pending: form.pendingId, csrf: form.csrf, step: 'login' })}
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(options.userName ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in</button>
</form>
<p class="hint">Demo site: every demo user's password is “demo”.</p>`,
  );
}

export function consentPage(appName: string, form: FormState, who: string, scopes: readonly Scope[], returnOrigin: string): string {
  const items = scopes.map((s) => `<li>${escapeHtml(SCOPE_WORDS[s])}</li>`).join('\n');
  return layout(
    `Allow ${appName}?`,
    `<h1>Allow ${escapeHtml(appName)} to use your Learn account?</h1>
<p>Signed in as <strong>${escapeHtml(who)}</strong>.</p>
<p id="asks">${escapeHtml(appName)} wants to:</p>
<ul aria-labelledby="asks">
${items}
</ul>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden({ pending: form.pendingId, csrf: form.csrf, step: 'consent' })}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<p class="hint">Either way, you go back to ${escapeHtml(returnOrigin)}.</p>`,
  );
}

export function errorPage(message: string): string {
  return layout(
    'Sign-in problem',
    `<h1>This sign-in cannot continue</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="hint">Close this window and start again from the app.</p>`,
  );
}
