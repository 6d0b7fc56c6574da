import { describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../../sandbox/modules/institution';
import { LOOPBACK, expectPage, location, openLogin, pkce, signIn, submit, useOAuthSandbox } from './oauth-support';

/**
 * Contract of Learn's OAuth 2.0 in the sandbox, part 2 of 3: the authorization code endpoint's
 * login and consent pages and its redirects, driven over HTTP as a browser would.
 */

useOAuthSandbox();

describe('Authorization code endpoint: login and consent pages', () => {
  it('serves an accessible login page with a strict CSP and no external resources', async () => {
    const page = await openLogin();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toMatch(/<title>Sign in/);
    expect(page.text).toContain('<label for="username">Username</label>');
    expect(page.text).toContain('<label for="password">Password</label>');
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    expect(page.fields.pending).toBeTruthy();
    expect(page.fields.csrf).toBeTruthy();
    expect(page.cookie).toMatch(/^learn_oauth_browser=/);
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it('shows the login page again with a visible error after a wrong password, then signs in', async () => {
    const login = expectPage(await openLogin(), 200);
    const again = await submit(login, { username: 'instructor', password: 'wrong' });
    expect(again.status).toBe(200);
    expectPage(again, 200);
    expect(again.alert).toMatch(/username or password is incorrect/);
    expect(again.fields.step).toBe('login');
    expect(again.fields.csrf).not.toBe(login.fields.csrf);
    const consent = await submit(again, { username: 'instructor', password: DEMO_PASSWORD });
    expectPage(consent, 200);
    expect(consent.fields.step).toBe('consent');
  });

  it('lists what the app asks for on the consent page, and redirects the code with the state on Allow', async () => {
    const consent = await signIn({ scope: 'read write offline' });
    expect(consent.text).toContain(`Allow ${DEMO_APP.name} to use your Learn account?`);
    expect(consent.text).toContain('Maya Okafor (instructor)');
    expect(consent.text).toContain('See your courses');
    expect(consent.text).toContain('Keep this access when you are not signed in');
    expect(consent.text).not.toContain('Delete records');
    // The redirect after Allow is a form navigation: CSP form-action must let it reach the app.
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:53682");
    const back = location(await submit(consent, { decision: 'allow' }));
    expect(`${back.origin}${back.pathname}`).toBe(LOOPBACK);
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{40,}$/);
  });

  it('redirects access_denied with the state on Deny', async () => {
    const back = location(await submit(await signIn(), { decision: 'deny' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a form with a stale CSRF token, or from a browser without the sign-in cookie', async () => {
    const login = expectPage(await openLogin(), 200);
    const stale = await submit(login, { csrf: 'forged' });
    expect(stale.status).toBe(403);
    expectPage(stale, 403);
    expect(stale.alert).toMatch(/out of date/);
    const otherBrowser = await submit(login, { username: 'instructor', password: DEMO_PASSWORD }, 'learn_oauth_browser=someone-else');
    expect(otherBrowser.status).toBe(403);
    expectPage(otherBrowser, 403);
    expect(otherBrowser.alert).toMatch(/another browser/);
  });

  it('gives up after five wrong passwords and tells the app access_denied', async () => {
    let page = expectPage(await openLogin(), 200);
    for (let i = 0; i < 4; i++) page = expectPage(await submit(page, { username: 'instructor', password: `nope-${i}` }), 200);
    expect(page.alert).toBeTruthy();
    const back = location(await submit(page, { username: 'instructor', password: 'nope-5' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
  });

  it('shows an error page, never a redirect, for a redirect_uri that is neither registered nor loopback', async () => {
    for (const uri of ['https://evil.example.com/callback', 'http://localhost:53682/callback', 'https://127.0.0.1:53682/callback']) {
      const page = await openLogin({ redirect_uri: uri });
      expect(page.status, uri).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.alert).toContain(`redirect_uri &#39;${uri}&#39;`);
    }
  });

  it('accepts the registered redirect URI and IPv6 loopback on any port', async () => {
    const registered = await openLogin({ redirect_uri: 'https://rollbook.example.edu/oauth/callback' });
    expect(registered.status).toBe(200);
    expectPage(registered, 200);
    expect(registered.fields.pending).toBeTruthy();
    const v6 = await signIn({ redirect_uri: 'http://[::1]:61000/cb' });
    // CSP cannot spell an IPv6 literal, so the consent form may reach any host on that port over http.
    expect(v6.headers.get('content-security-policy')).toContain("form-action 'self' http://*:61000;");
    const back = location(await submit(v6, { decision: 'allow' }));
    expect(back.host).toBe('[::1]:61000');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('shows an error page for an unknown client_id, naming the application ID mistake', async () => {
    const unknown = await openLogin({ client_id: 'nobody' });
    expect(unknown.status).toBe(400);
    expectPage(unknown, 400);
    expect(unknown.headers.get('location')).toBeNull();
    expect(unknown.alert).toContain('No application with key &#39;nobody&#39;');
    const appId = await openLogin({ client_id: DEMO_APP.applicationId });
    expect(appId.status).toBe(400);
    expectPage(appId, 400);
    expect(appId.alert).toContain('client_id must be the application key');
  });

  it('redirects other request errors to the app with the state', async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: null }, 'invalid_request'],
      [{ scope: 'read,write' }, 'invalid_scope'],
      [{ scope: 'read admin' }, 'invalid_scope'],
      [{ scope: null }, 'invalid_scope'],
      [{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: pkce().challenge, code_challenge_method: null }, 'invalid_request'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const back = location(await openLogin(overrides));
      expect(back.searchParams.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(back.searchParams.get('error_description')).toBeTruthy();
      expect(back.searchParams.get('state')).toBe('st-42');
    }
  });
});
