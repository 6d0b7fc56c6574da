import { describe, expect, it } from 'vitest';
import { describeNetworkProblem, isLastingProxyProblem, networkProblemOf } from '../../electron/core/http/network-problem';
import { askSystem, routeFromSystem } from '../../electron/core/http/system-proxy';

/** Chromium's answers (session.resolveProxy), read into the route the network fetch takes. */
const LEARN = new URL('https://learn.school.edu/learn/api/public/v1/system/version');

/** What the network fetch would say when the settings answer `answer` (or the resolver fails), and whether it would try again. */
async function failure(answer: string | (() => Promise<string>)): Promise<{ words: string; lasting: boolean }> {
  const resolve = typeof answer === 'string' ? () => Promise.resolve(answer) : answer;
  const error = await askSystem(resolve, LEARN).then(
    () => undefined,
    (e: unknown) => e,
  );
  const problem = networkProblemOf(error, LEARN);
  if (!problem) throw new Error(`no proxy problem in ${String(error)}`);
  return { words: describeNetworkProblem(problem, 'Learn'), lasting: isLastingProxyProblem(problem) };
}

describe("this computer's proxy settings, as Chromium resolves them", () => {
  it('takes the first entry Rollbook can use, in the order the settings give', () => {
    expect(routeFromSystem('DIRECT')).toBeUndefined();
    expect(routeFromSystem('PROXY proxy.school.edu:3128')).toEqual({ uri: 'http://proxy.school.edu:3128/', display: 'http://proxy.school.edu:3128' });
    expect(routeFromSystem('PROXY proxy.school.edu:3128;DIRECT')?.display).toBe('http://proxy.school.edu:3128');
    expect(routeFromSystem('HTTPS secure-proxy.school.edu:443; DIRECT')?.display).toBe('https://secure-proxy.school.edu');
    expect(routeFromSystem('DIRECT; PROXY proxy.school.edu:3128')).toBeUndefined();
  });

  it('passes over a SOCKS or QUIC proxy for the next entry the settings offer, direct included', () => {
    expect(routeFromSystem('SOCKS5 socks.school.edu:1080; PROXY proxy.school.edu:3128')?.display).toBe('http://proxy.school.edu:3128');
    expect(routeFromSystem('QUIC quic.school.edu:443; SOCKS socks.school.edu:1080; DIRECT')).toBeUndefined();
  });

  it('never goes direct behind the settings’ back: only SOCKS is a failure told in words, not retried', async () => {
    expect(await failure('SOCKS5 socks.school.edu:1080')).toEqual({
      words: "This computer's proxy settings send Learn through a SOCKS proxy (socks5://socks.school.edu:1080), which Rollbook cannot use. Ask IT for an HTTP proxy, or set HTTPS_PROXY to one (http://host:port).",
      lasting: true,
    });
  });

  it('tells a lookup that failed (Electron answers ""), or a resolver that threw, in words', async () => {
    const words = "Rollbook could not work out from this computer's proxy settings how to reach Learn (the proxy script may be out of reach).";
    expect(await failure('')).toEqual({ words: expect.stringContaining(words) as string, lasting: false });
    expect((await failure(() => Promise.reject(new Error('Session destroyed')))).words).toContain(words);
  });
});
