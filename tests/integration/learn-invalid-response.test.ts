import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenProvider } from '../../electron/core/auth/access-token';
import { ApiError } from '../../electron/core/http/api-error';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { collect } from './learn-support';

/**
 * Answers the sandbox never gives: a wrong shape, a body that is not JSON, a nextPage leading to
 * another site or in a circle. A tiny server on 127.0.0.1 plays a misbehaving Learn; the client
 * must stop with a clear ApiError, never crash later or send the token elsewhere.
 */

const MEETING = { id: 1001, courseId: '_1_1', start: '2026-09-02T14:00:00.000Z', end: '2026-09-02T15:15:00.000Z' };
const answers: Record<string, { status?: number; type?: string; body: string }> = {
  '/learn/api/public/v3/courses/wrong-shape': { body: JSON.stringify({ id: 5, name: 'Numbers for ids' }) },
  '/learn/api/public/v3/courses/not-json': { type: 'text/html', body: '<html>Maintenance</html>' },
  '/learn/api/public/v1/courses/elsewhere/meetings': { body: JSON.stringify({ results: [MEETING], paging: { nextPage: 'https://elsewhere.example.com/learn/api/public/v1/courses/elsewhere/meetings?offset=1' } }) },
  '/learn/api/public/v1/courses/schemeless/meetings': { body: JSON.stringify({ results: [MEETING], paging: { nextPage: '//elsewhere.example.com/learn/api/public/v1/courses/x/meetings?offset=1' } }) },
  '/learn/api/public/v1/courses/circle/meetings': { body: JSON.stringify({ results: [MEETING], paging: { nextPage: '/learn/api/public/v1/courses/circle/meetings' } }) },
  '/learn/api/public/v1/courses/bad-item/meetings': { body: JSON.stringify({ results: [MEETING, { ...MEETING, id: 'x' }] }) },
};

let server: Server;
let baseUrl: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(url.pathname + url.search);
    const answer = answers[url.pathname];
    res.writeHead(answer?.status ?? (answer ? 200 : 404), { 'Content-Type': answer?.type ?? 'application/json' });
    res.end(answer?.body ?? '{"status":404,"message":"nothing here"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/learn`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tokens: AccessTokenProvider = { accessToken: () => Promise.resolve('t0k3n'), refreshAfterUnauthorized: () => Promise.resolve('t0k3n') };
const learn = (): LearnClient => new LearnClient({ baseUrl, tokens });

describe('answers that do not match what the operation expects', () => {
  it('names the operation and the first mismatch', async () => {
    const error = (await learn().courses.getCourse('wrong-shape').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/^Could not open course wrong-shape: Learn answered with data Rollbook does not understand \(id: .*string.*\)/);
  });

  it('refuses a body that is not JSON', async () => {
    await expect(learn().courses.getCourse('not-json')).rejects.toMatchObject({ kind: 'invalid-response', message: expect.stringContaining('the answer is not JSON') as unknown });
  });

  it('points at the item of a list that does not match', async () => {
    const error = (await collect(learn().attendance.listMeetings('bad-item')).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('results.1.id');
  });
});

describe('paging.nextPage that must not be followed', () => {
  it.each(['elsewhere', 'schemeless'])('refuses a nextPage on another site (%s) and sends nothing there', async (course) => {
    const read: unknown[] = [];
    const error = await (async () => {
      for await (const meeting of learn().attendance.listMeetings(course)) read.push(meeting);
    })().catch((e: unknown) => e);
    expect(read).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'invalid-response', message: expect.stringContaining('paging.nextPage points to another site') as unknown });
  });

  it('stops a nextPage that leads back to a page already read', async () => {
    const before = seen.length;
    await expect(collect(learn().attendance.listMeetings('circle'))).rejects.toMatchObject({ kind: 'invalid-response', message: expect.stringContaining('repeats a page') as unknown });
    expect(seen.length - before).toBe(1);
  });
});
