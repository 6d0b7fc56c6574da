import type { RunningSandbox } from '../../sandbox/server';
import type { AccessTokenProvider } from '../../electron/core/auth/access-token';
import { HttpClient, type HttpClientOptions } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { systemToken, userToken, withSandbox } from '../support/sandbox';

/**
 * The Learn client against an in-process sandbox, with a real token from it. The token provider
 * is the simplest honest one: it mints a token from the sandbox when asked and again after a 401,
 * counting refreshes so tests can see them.
 */
export class TestTokens implements AccessTokenProvider {
  refreshes = 0;
  #current: string | undefined;
  constructor(private readonly mint: () => Promise<string> | string) {}

  async accessToken(): Promise<string> {
    this.#current ??= await this.mint();
    return this.#current;
  }

  async refreshAfterUnauthorized(rejected: string): Promise<string> {
    this.refreshes++;
    if (this.#current === undefined || this.#current === rejected) this.#current = await this.mint();
    return this.#current;
  }
}

/** 'system' for a basic-flow token, else a demo user name (instructor, ta, admin, a student). */
export type Who = string;

export const PSYC = 'courseId:PSYC-101-F26';
export const HIST = 'courseId:HIST-310-F26';
export const BIOL = 'courseId:BIOL-220-F26';
export const CHEM = 'courseId:CHEM-105-F26';

export function tokensFor(sandbox: RunningSandbox, who: Who): TestTokens {
  return new TestTokens(() => (who === 'system' ? systemToken(sandbox) : userToken(sandbox, who)));
}

/** A Learn client as `who`, with a fast retry policy unless told otherwise. */
export function learnAs(sandbox: RunningSandbox, who: Who, http: Partial<HttpClientOptions> = {}): { learn: LearnClient; tokens: TestTokens } {
  const tokens = tokensFor(sandbox, who);
  const client = new HttpClient({ service: 'Learn', retry: { baseDelayMs: 20, maxDelayMs: 200 }, ...http });
  return { learn: new LearnClient({ baseUrl: sandbox.learnUrl, tokens, http: client }), tokens };
}

/** A sandbox with the daily quota lifted: the 1,000-item tests make a few thousand calls. */
export async function bigSandbox(): Promise<RunningSandbox> {
  const sandbox = await withSandbox();
  await sandbox.controlFetch(`/__sandbox/quota`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ limit: 1_000_000 }) });
  return sandbox;
}

/** Sets faults through the control API, as a tester would. */
export async function setFaults(sandbox: RunningSandbox, faults: Record<string, unknown>): Promise<void> {
  const res = await sandbox.controlFetch(`/__sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(faults) });
  if (res.status !== 200) throw new Error(`faults not set: ${res.status} ${await res.text()}`);
}

/** Requests that reached a route, e.g. `POST /learn/api/public/v1/courses/:courseId/meetings`. */
export async function routeCount(sandbox: RunningSandbox, route: string): Promise<number> {
  const stats = (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { byRoute: Record<string, number> };
  return stats.byRoute[route] ?? 0;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Runs `count` tasks, `width` at a time (the client bounds per-host concurrency anyway). */
export async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => task(start + k)))));
  }
  return out;
}

/** The first item of a list; stops reading there (no further pages are fetched). */
export async function first<T>(items: AsyncIterable<T>): Promise<T> {
  for await (const item of items) return item;
  throw new Error('the list is empty');
}
