import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { HttpClient } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { withSandbox } from '../support/sandbox';
import { control, fakeBrowser, sessionRig, tokenPosts } from './auth-support';
import { PSYC } from './learn-support';
import { TestOutbox, students } from './sync-support';

/**
 * Learn refuses the refresh token (400 or 401, in Learn's error body or RFC 6749's: seed 000
 * leaves both open). Whatever the body, the session ends once: "Sign in again", no more token
 * requests, and every change waiting to sync stays waiting.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const CASES = [
  { errorBody: 'learn', refusedGrantStatus: 400 },
  { errorBody: 'learn', refusedGrantStatus: 401 },
  { errorBody: 'oauth', refusedGrantStatus: 400 },
  { errorBody: 'oauth', refusedGrantStatus: 401 },
] as const;
const statusOf = (i: number): AttendanceStatus => (['Absent', 'Late', 'Excused'] as const)[i % 3]!;

describe('a refresh Learn refuses ends the session cleanly', () => {
  it.each(CASES)('answered $refusedGrantStatus in the $errorBody body', async (form) => {
    await control(sandbox, 'reset');
    const rig = await sessionRig(sandbox, fakeBrowser().openExternal);
    const ended: string[] = [];
    rig.session.onSignInRequired(({ message }) => ended.push(message));
    await rig.session.signIn();
    const learn = new LearnClient({ baseUrl: sandbox.learnUrl, tokens: rig.session, http: new HttpClient({ service: 'Learn', retry: { baseDelayMs: 20, maxDelayMs: 200 } }) });
    const outbox = new TestOutbox(PSYC);
    for (const [i, userId] of [...(await students(learn, PSYC)).keys()].slice(0, 12).entries()) outbox.set({ serverId: 1015 }, userId, statusOf(i), null);

    // Learn forgets the sign-in (a new world: no token or grant of before is known) and refuses in this form.
    await control(sandbox, 'reset');
    await control(sandbox, 'oauth', form);
    const results = await createSyncEngine({ learn }).push(outbox.ops);

    expect(results).toHaveLength(12);
    for (const r of results) expect(r).toMatchObject({ outcome: 'failed', retryable: true });
    outbox.apply(results);
    expect(outbox.ops).toHaveLength(12);
    expect(rig.session.state).toEqual({
      status: 'sign-in-required',
      message: 'Your Learn session has ended. Sign in again; changes waiting to sync are kept.',
      // The same sentence as a key, for the site chooser to say it in the instructor's language.
      words: { key: 'host.signIn.grantRejected' },
    });
    expect(ended).toHaveLength(1);
    expect(await tokenPosts(sandbox)).toBe(1);

    // Later calls say the same without asking Learn for a token again.
    await expect(learn.courses.getCourse(PSYC)).rejects.toBeInstanceOf(SignInRequiredError);
    await expect(rig.session.accessToken()).rejects.toThrow(/Sign in again/);
    expect(await tokenPosts(sandbox)).toBe(1);
    expect(ended).toHaveLength(1);
  });
});
