import { describe, expect, it } from 'vitest';
import { authorizationUrl } from '../../electron/core/auth/authorization-flow';
import { BaseUrlError } from '../../electron/core/http/base-url';
import { callbackPath, learnAddressesToTry, learnSite } from '../../electron/core/auth/learn-site';
import { siteOfState, createState } from '../../electron/core/auth/pkce';

// Each Learn site is its own authorization server: its id binds the redirect path and the state.
describe('Learn sites', () => {
  it('builds the authorization server by hand from the base URL (Learn has no discovery document)', () => {
    const site = learnSite('https://learn.example.edu/learn/');
    expect(site.learnUrl).toBe('https://learn.example.edu/learn');
    expect(site.server).toEqual({
      issuer: 'https://learn.example.edu/learn',
      authorization_endpoint: 'https://learn.example.edu/learn/api/public/v1/oauth2/authorizationcode',
      token_endpoint: 'https://learn.example.edu/learn/api/public/v1/oauth2/token',
    });
    expect(site.loopback).toBe(false);
  });

  it('gives one site one id however its address is written, and different sites different ids', () => {
    const id = learnSite('https://learn.example.edu').id;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    for (const same of ['https://LEARN.example.edu/', 'https://learn.example.edu:443', '  https://learn.example.edu//  ']) {
      expect(learnSite(same).id, same).toBe(id);
    }
    const others = ['https://learn.example.org', 'https://learn.example.edu:8443', 'https://learn.example.edu/other', 'http://127.0.0.1:4010/learn'];
    const ids = new Set([id, ...others.map((url) => learnSite(url).id)]);
    expect(ids.size).toBe(others.length + 1);
  });

  it('puts the site id in the loopback path and in the state', () => {
    const site = learnSite('https://learn.example.edu');
    expect(callbackPath(site.id)).toBe(`/rollbook/${site.id}/callback`);
    expect(siteOfState(createState(site.id))).toBe(site.id);
  });

  it('refuses plain http except on this computer, and addresses with credentials, queries or fragments', () => {
    for (const ok of ['http://127.0.0.1:4010/learn', 'http://localhost:4010', 'http://[::1]:4010']) expect(learnSite(ok).loopback, ok).toBe(true);
    for (const bad of ['http://learn.example.edu', 'ftp://learn.example.edu', 'https://me:pw@learn.example.edu', 'https://learn.example.edu/?x=1', 'https://learn.example.edu/#x', 'learn.example.edu', '']) {
      expect(() => learnSite(bad), bad).toThrow(BaseUrlError);
    }
  });

  it("asks Learn's authorization code endpoint for a code with state, PKCE S256, scope and the loopback redirect", () => {
    const site = learnSite('https://learn.example.edu');
    const state = createState(site.id);
    const url = new URL(authorizationUrl(site, 'app-key', `http://127.0.0.1:50000${callbackPath(site.id)}`, ['read', 'write', 'offline', 'read'], state, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'));
    expect(`${url.origin}${url.pathname}`).toBe('https://learn.example.edu/api/public/v1/oauth2/authorizationcode');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-key',
      response_type: 'code',
      redirect_uri: `http://127.0.0.1:50000/rollbook/${site.id}/callback`,
      scope: 'read write offline',
      state,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });

  describe('the address an instructor types', () => {
    it.each([
      'learn.school.edu',
      'learn.school.edu/',
      'https://learn.school.edu',
      'https://learn.school.edu/',
      'https://LEARN.School.edu:443/',
      'https://learn.school.edu/ultra/course',
      'https://learn.school.edu/ultra/courses/_12_1/outline?from=stream#top',
      'https://learn.school.edu/webapps/portal/execute/tabs/tabAction?tab_tab_group_id=_1_1',
    ])('%s: Learn is looked for at https://learn.school.edu/learn first, then at the host as typed', (typed) => {
      expect(learnAddressesToTry(typed)).toEqual(['https://learn.school.edu/learn', 'https://learn.school.edu']);
    });

    it.each(['https://learn.school.edu/learn', 'https://learn.school.edu/learn/', 'learn.school.edu/Learn', 'https://learn.school.edu/learn/api/public/v1/users/me'])(
      '%s already names the /learn root: only https://learn.school.edu/learn',
      (typed) => {
        expect(learnAddressesToTry(typed)).toEqual(['https://learn.school.edu/learn']);
      },
    );

    it('keeps an explicit port, and a path of its own as the second try (a site behind a proxy)', () => {
      expect(learnAddressesToTry('learn.school.edu:8443')).toEqual(['https://learn.school.edu:8443/learn', 'https://learn.school.edu:8443']);
      expect(learnAddressesToTry('https://www.school.edu/lms/')).toEqual(['https://www.school.edu/learn', 'https://www.school.edu/lms']);
    });

    it('reads an address on this computer as http, where the sandbox serves Learn under /learn', () => {
      expect(learnAddressesToTry('127.0.0.1:4010')).toEqual(['http://127.0.0.1:4010/learn', 'http://127.0.0.1:4010']);
      expect(learnAddressesToTry('http://127.0.0.1:4010/')).toEqual(['http://127.0.0.1:4010/learn', 'http://127.0.0.1:4010']);
      expect(learnAddressesToTry('localhost:4010/learn/')).toEqual(['http://localhost:4010/learn']);
    });

    it('gives every way of typing one site the one site id', () => {
      const ids = new Set(['learn.school.edu', 'HTTPS://Learn.School.edu/', 'https://learn.school.edu/learn/', 'https://learn.school.edu/ultra/course'].map((typed) => learnSite(learnAddressesToTry(typed)[0] ?? '').id));
      expect(ids.size).toBe(1);
    });

    it('keeps the security rules', () => {
      for (const bad of ['http://learn.school.edu', 'http://learn.school.edu/learn', 'me:pw@learn.school.edu', 'ftp://learn.school.edu', '']) {
        expect(() => learnAddressesToTry(bad), bad).toThrow(BaseUrlError);
      }
    });
  });
});
