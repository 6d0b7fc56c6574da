import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { DEMO_APP } from '../../sandbox/core/context';
import { FileVault } from '../../electron/core/auth/file-vault';
import { learnSite } from '../../electron/core/auth/learn-site';
import { SystemTokenProvider } from '../../electron/core/auth/system-token-provider';
import { HttpClient } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { systemToken, withSandbox } from '../support/sandbox';
import { control, tokenPosts } from './auth-support';
import { PSYC, collect } from './learn-support';

/**
 * The basic-flow token in the real Learn client, against a sandbox that behaves as Learn does:
 * asking for a token while the application's token is live returns that same token with its
 * remaining, shrinking `expires_in` (basic-authentication.md). Each token request spends one of
 * the site's daily requests, so the token is reused until it has really expired or Learn refuses
 * it (docs/api-notes/oauth.md "System token reuse").
 */
describe('the system token in its last minute', () => {
  let sandbox: RunningSandbox;
  let learn: LearnClient;

  beforeAll(async () => {
    sandbox = await withSandbox();
  });
  beforeEach(async () => {
    await control(sandbox, 'reset');
    const vault = new FileVault(await mkdtemp(join(tmpdir(), 'rollbook-system-token-')));
    const site = learnSite(sandbox.learnUrl);
    await vault.set(site.id, 'application-secret', DEMO_APP.secret);
    const tokens = new SystemTokenProvider({ site, applicationKey: DEMO_APP.key, vault });
    learn = new LearnClient({ baseUrl: sandbox.learnUrl, tokens, http: new HttpClient({ service: 'Learn', retry: { baseDelayMs: 20, maxDelayMs: 200 } }) });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('asks for the token once, not once per call, when Learn hands out a token with 40 seconds left', async () => {
    // The application's token was issued earlier (another run, another tool) and has 40 s to live.
    await systemToken(sandbox);
    await control(sandbox, 'clock', { advanceMs: (3600 - 40) * 1000 });
    const before = await tokenPosts(sandbox);

    for (let i = 0; i < 5; i++) expect((await collect(learn.attendance.listMeetings(PSYC))).length).toBeGreaterThan(0);

    expect(await tokenPosts(sandbox)).toBe(before + 1);
    expect(await learn.tokenInfo()).toMatchObject({ application_id: expect.any(String) });
    expect(await tokenPosts(sandbox)).toBe(before + 1);
  });

  it('gets a new token once when Learn refuses the old one as expired, then keeps using it', async () => {
    await systemToken(sandbox);
    await control(sandbox, 'clock', { advanceMs: (3600 - 40) * 1000 });
    await collect(learn.attendance.listMeetings(PSYC));
    const before = await tokenPosts(sandbox);

    // Learn's clock passes the expiry before ours does: the next call meets a 401.
    await control(sandbox, 'clock', { advanceMs: 41 * 1000 });
    for (let i = 0; i < 3; i++) expect((await collect(learn.attendance.listMeetings(PSYC))).length).toBeGreaterThan(0);

    expect(await tokenPosts(sandbox)).toBe(before + 1);
  });
});
