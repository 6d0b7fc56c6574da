import { describe, expect, it } from 'vitest';
import { proxyFor, readProxySettings } from '../../electron/core/http/proxy-settings';

/** Which requests go through a proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY), as undici and curl read them. */
const via = (url: string, env: NodeJS.ProcessEnv): string | undefined => proxyFor(new URL(url), readProxySettings(env))?.display;

const PROXY = 'http://proxy.school.edu:3128';

describe('proxyFor', () => {
  it('sends https through HTTPS_PROXY and http through HTTP_PROXY; https falls back to HTTP_PROXY', () => {
    expect(via('https://learn.school.edu/learn', { HTTPS_PROXY: PROXY })).toBe(PROXY);
    expect(via('http://learn.school.edu/learn', { HTTPS_PROXY: PROXY })).toBeUndefined();
    expect(via('http://learn.school.edu/learn', { HTTP_PROXY: 'http://other:8080' })).toBe('http://other:8080');
    expect(via('https://learn.school.edu/learn', { HTTP_PROXY: 'http://other:8080' })).toBe('http://other:8080');
    expect(via('https://learn.school.edu/learn', {})).toBeUndefined();
  });

  it('reads the lower-case form first, and an empty value as unset', () => {
    expect(via('https://learn.school.edu/', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toBe('http://lower:1');
    expect(via('https://learn.school.edu/', { https_proxy: '', HTTPS_PROXY: 'http://upper:2' })).toBe('http://upper:2');
    expect(proxyFor(new URL('https://a.edu/'), readProxySettings({ https_proxy: 'http://lower:1' }))?.variable).toBe('https_proxy');
  });

  it('takes "host:port" as http://host:port, and ignores what is not an http(s) proxy URL', () => {
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: 'proxy.school.edu:3128' })).toBe(PROXY);
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: 'http://[bad' })).toBeUndefined();
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: 'ftp://proxy.school.edu:21' })).toBeUndefined();
  });

  it('never sends this computer through a proxy, whatever NO_PROXY says', () => {
    for (const url of ['https://127.0.0.1:4010/learn', 'http://localhost:4010/', 'https://[::1]:4010/', 'http://127.0.0.2/', 'http://app.localhost/', 'HTTP://LOCALHOST/']) {
      expect(via(url, { HTTPS_PROXY: PROXY, HTTP_PROXY: PROXY, NO_PROXY: '' }), url).toBeUndefined();
    }
  });

  it('skips hosts NO_PROXY names: the name and its subdomains, with a port when given, or * for all', () => {
    const env = { HTTPS_PROXY: PROXY, NO_PROXY: 'school.edu, .ally.ac,*.intranet internal:8443' };
    expect(via('https://school.edu/', env)).toBeUndefined();
    expect(via('https://learn.school.edu/', env)).toBeUndefined();
    expect(via('https://prod.ally.ac/', env)).toBeUndefined();
    expect(via('https://ally.ac/', env)).toBeUndefined();
    expect(via('https://wiki.intranet/', env)).toBeUndefined();
    expect(via('https://internal:8443/', env)).toBeUndefined();
    expect(via('https://internal/', env)).toBe(PROXY);
    expect(via('https://notschool.edu/', env)).toBe(PROXY);
    expect(via('https://school.edu.evil.com/', env)).toBe(PROXY);
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: PROXY, no_proxy: '*' })).toBeUndefined();
    expect(via('https://LEARN.School.EDU/', { HTTPS_PROXY: PROXY, NO_PROXY: 'SCHOOL.edu' })).toBeUndefined();
  });

  it('matches a NO_PROXY port against the scheme default when the URL has none', () => {
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: PROXY, NO_PROXY: 'learn.school.edu:443' })).toBeUndefined();
    expect(via('https://learn.school.edu/', { HTTPS_PROXY: PROXY, NO_PROXY: 'learn.school.edu:80' })).toBe(PROXY);
  });

  it('shows a proxy without the user name and password it was given', () => {
    const server = proxyFor(new URL('https://learn.school.edu/'), readProxySettings({ HTTPS_PROXY: 'http://jdoe:S3cret%21@proxy.school.edu:3128/' }));
    expect(server?.display).toBe(PROXY);
    expect(server?.uri).toContain('jdoe');
    expect(server?.display).not.toMatch(/jdoe|S3cret/);
  });
});
