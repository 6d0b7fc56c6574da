import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { ContentInformation, ProcessingStatus } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { CONTENT, SYLLABUS, currentSandbox, demoHash, expectError, jwt, pdf, send, upload, useAllySandbox, inPath } from './ally-support';

/**
 * Contract of the Ally sandbox (seed 002), part 1 of 4: authentication with a JWT (HS256,
 * {clientId, iat}, optional policy). Uploads and processing: ally-upload.test.ts; content
 * information, feedback and batch: ally-feedback.test.ts; alternative formats: ally-formats.test.ts.
 */
useAllySandbox();
let sandbox: RunningSandbox;
beforeAll(() => {
  sandbox = currentSandbox();
});

describe('authentication (JWT, HS256, {clientId, iat})', () => {
  const path = (): string => `${CONTENT}/${inPath(demoHash(SYLLABUS))}/status`;

  it('accepts a fresh token signed with the client secret', async () => {
    const res = await send(path());
    expect(res.status).toBe(200);
    expect(expectValid('GET', path(), res, ProcessingStatus)).toMatchObject({ hash: demoHash(SYLLABUS), status: 'success' });
  });

  it('answers 401 with a reason for every bad token', async () => {
    const now = Math.floor(sandbox.context().clock.now() / 1000);
    const cases: [string, Record<string, string> | null, RegExp][] = [
      ['missing header', null, /Authorization header is missing/],
      ['not a bearer token', { Authorization: 'Basic dXNlcjpwYXNz' }, /Bearer <JWT>/],
      ['not a JWT', { Authorization: 'Bearer not.a.jwt' }, /not a well-formed JWT/],
      ['wrong secret', { Authorization: `Bearer ${await jwt(sandbox, {}, { secret: 'someone-elses-secret' })}` }, /signature does not verify/],
      ['wrong algorithm', { Authorization: `Bearer ${await jwt(sandbox, {}, { alg: 'HS512' })}` }, /HS256/],
      ['token of another client', { Authorization: `Bearer ${await jwt(sandbox, { clientId: 2 })}` }, /issued for client 2, but the path names client 1/],
      ['no clientId', { Authorization: `Bearer ${await jwt(sandbox, { clientId: undefined })}` }, /no clientId/],
      ['iat an hour and more ago', { Authorization: `Bearer ${await jwt(sandbox, { iat: now - 7200 })}` }, /issued 72\d\d seconds ago/],
      ['iat in the future', { Authorization: `Bearer ${await jwt(sandbox, { iat: now + 3600 })}` }, /in the future/],
      ['iat in milliseconds', { Authorization: `Bearer ${await jwt(sandbox, { iat: now * 1000 })}` }, /milliseconds/],
      ['malformed policy', { Authorization: `Bearer ${await jwt(sandbox, { policy: { statements: 'all' } })}` }, /policy must be/],
    ];
    for (const [, headers, message] of cases) {
      const res = await send(path(), { token: null, headers: headers ?? {} });
      expectError('GET', path(), res, 401, message);
    }
  });

  it('answers 401 for a client id the service does not know, 400 for one that is not a number', async () => {
    const other = `/ally/api/v2/clients/7/content/${inPath(demoHash(SYLLABUS))}/status`;
    expectError('GET', other, await send(other, { token: await jwt(sandbox, { clientId: 7 }) }), 401, /client 7 is not known/);
    const word = `/ally/api/v2/clients/abc/content/${inPath(demoHash(SYLLABUS))}/status`;
    expectError('GET', word, await send(word), 400, /positive integer/);
  });

  it('limits a token with a policy to the resources and actions it grants', async () => {
    const hash = demoHash(SYLLABUS);
    const token = await jwt(sandbox, { policy: { statements: [{ resource: `content:${hash}`, actions: ['content:getStatus', 'content:getDetails'] }] } });
    const status = await send(`${CONTENT}/${inPath(hash)}/status`, { token });
    expect(status.status).toBe(200);
    expectValid('GET', `${CONTENT}/${inPath(hash)}/status`, status, ProcessingStatus);
    const plain = await send(`${CONTENT}/${inPath(hash)}`, { token });
    expect(plain.status).toBe(200);
    expect(expectValid('GET', `${CONTENT}/${inPath(hash)}`, plain, ContentInformation).feedback).toBeNull();
    expectError('GET', `${CONTENT}/${inPath(hash)}`, await send(`${CONTENT}/${inPath(hash)}?feedback=true`, { token }), 403, /content:getDetails:withFeedback/);
    const other = demoHash('Mitosis study guide.pdf');
    expectError('GET', `${CONTENT}/${inPath(other)}/status`, await send(`${CONTENT}/${inPath(other)}/status`, { token }), 403, new RegExp(`content:${other.replace(/[+/=]/g, (c) => `\\${c}`)}`));
    expectError('POST', CONTENT, await upload(pdf('Policy upload', { tagged: true }), 'policy.pdf', 'application/pdf', sandbox, token), 403, /content:upload/);
  });
});
