import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { SignInRequiredError, type AccessTokenProvider } from '../../electron/core/auth/access-token';
import { configureLogger } from '../../shared/logger';
import { ApiError } from '../../electron/core/http/api-error';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { userToken, withSandbox } from '../support/sandbox';
import { PSYC, collect, learnAs, routeCount } from './learn-support';

/** A 401 means Learn did nothing: the client refreshes the token once and repeats the request once. */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
});

const expireTokens = async (): Promise<void> => {
  await sandbox.controlFetch(`/__sandbox/tokens/expire`, { method: 'POST' });
};

describe('401 -> refresh -> success', () => {
  it('refreshes once when the token expired and the read succeeds', async () => {
    const { learn, tokens } = learnAs(sandbox, 'instructor');
    expect((await learn.courses.getCourse(PSYC)).courseId).toBe('PSYC-101-F26');
    await expireTokens();
    expect(await collect(learn.attendance.listMeetings(PSYC))).toHaveLength(23);
    expect(tokens.refreshes).toBe(1);
  });

  it('repeats a POST answered 401 once: it was not executed, so exactly one meeting is made', async () => {
    const { learn, tokens } = learnAs(sandbox, 'system');
    await learn.courses.getCourse(PSYC);
    await expireTokens();
    const made = await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title: 'Make-up lecture', description: '', start: '2026-12-05T15:00:00Z', end: '2026-12-05T16:15:00Z' });
    expect(made.title).toBe('Make-up lecture');
    expect(tokens.refreshes).toBe(1);
    // Two POSTs reached Learn: the first refused with 401 (nothing made), the second made it.
    expect(await routeCount(sandbox, 'POST /learn/api/public/v1/courses/:courseId/meetings')).toBe(2);
    const titles = (await collect(learn.attendance.listMeetings(PSYC))).map((m) => m.title);
    expect(titles.filter((t) => t === 'Make-up lecture')).toHaveLength(1);
  });
});

describe('when refreshing does not help', () => {
  it('surfaces a second 401 as ApiError telling the user to sign in again', async () => {
    let refreshes = 0;
    const stale = userToken(sandbox, 'instructor');
    const stuck: AccessTokenProvider = {
      accessToken: () => Promise.resolve(stale),
      refreshAfterUnauthorized: () => {
        refreshes++;
        return Promise.resolve(stale);
      },
    };
    await expireTokens();
    const learn = new LearnClient({ baseUrl: sandbox.learnUrl, tokens: stuck });
    const error = (await learn.courses.getCourse(PSYC).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(error.message).toBe('Could not open course courseId:PSYC-101-F26: Learn answered 401 ("Bearer token is invalid"). Sign in again.');
    expect(error.message).not.toContain(stale);
    expect(refreshes).toBe(1);
  });

  it('passes SignInRequiredError from the session through unchanged', async () => {
    const ended: AccessTokenProvider = {
      accessToken: () => Promise.resolve('not-a-token'),
      refreshAfterUnauthorized: () => Promise.reject(new SignInRequiredError()),
    };
    const learn = new LearnClient({ baseUrl: sandbox.learnUrl, tokens: ended });
    await expect(collect(learn.announcements.listAnnouncements())).rejects.toBeInstanceOf(SignInRequiredError);
  });

  it('does not refresh for Get Token Info (its token is in the query, and Learn answers 400), and never logs the token', async () => {
    const lines: string[] = [];
    configureLogger({ level: 'debug', sink: (line) => lines.push(JSON.stringify(line)) });
    try {
      const { learn, tokens } = learnAs(sandbox, 'instructor');
      expect(await learn.tokenInfo()).toMatchObject({ scope: 'read write delete' });
      await expireTokens();
      const error = (await learn.tokenInfo().catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ kind: 'http', status: 400, body: { format: 'learn', body: { status: 400 } } });
      expect(error.url).not.toContain('access_token');
      expect(tokens.refreshes).toBe(0);
      const token = await tokens.accessToken();
      expect(lines.some((l) => l.includes('oauth2/tokeninfo'))).toBe(true);
      expect(lines.filter((l) => l.includes(token) || l.includes('access_token'))).toEqual([]);
    } finally {
      configureLogger({ level: 'info' });
    }
  });
});
