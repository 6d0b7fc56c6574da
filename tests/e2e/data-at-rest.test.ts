import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebHost } from '../../electron/web-host';
import { launchChromium, rendererDirOption } from '../support/browser';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, signOut } from '../support/roll-call-ui';

/**
 * Personal data at rest (docs/decisions/local-data-sealed-at-rest.md). A local user who takes a
 * stopped Rollbook's port serves their own page in its origin and reads IndexedDB as it is: they
 * find Learn's opaque ids, dates and ciphertext: no student's name, user name, email, student id
 * or status, no meeting's title. After a sign-out
 * with nothing waiting, the browser keeps no store of that identity at all.
 */

/**
 * Everything IndexedDB holds for this origin, read raw as a squatter's page would (no Dexie, no
 * key). The list of who has data on this device (`rollbook-identities`: the instructor's own name
 * and site, no student) is read but left out of `text`: the demo instructor shares a family name
 * with students of the lecture.
 */
const rawIndexedDb = (page: Page): Promise<{ stores: string[]; rows: number; text: string }> =>
  page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>): Promise<T> => new Promise((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error ?? new Error('IndexedDB refused')))));
    const latin1 = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    const stores: string[] = [];
    const parts: string[] = [];
    let rows = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      // Opened only if it is still there: a store deleted since the list (a sign-out) would
      // otherwise be made again, empty, by this very read; its creation is aborted instead.
      const opening = indexedDB.open(name);
      opening.onupgradeneeded = () => opening.transaction?.abort();
      const db = await request(opening).catch(() => undefined);
      if (!db) continue;
      stores.push(name);
      for (const table of Array.from(db.objectStoreNames)) {
        const all = await request(db.transaction(table).objectStore(table).getAll());
        rows += all.length;
        if (name !== 'rollbook-identities') parts.push(JSON.stringify(all, (_k, v: unknown) => (v instanceof Uint8Array ? latin1(v) : v instanceof ArrayBuffer ? latin1(new Uint8Array(v)) : v)));
      }
      db.close();
    }
    parts.push(JSON.stringify({ ...localStorage }));
    return { stores, rows, text: parts.join('\n') };
  });

describe('the roster on this device, for its owner only', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-e2e-data-'));
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The lecture's students as Learn (the sandbox) knows them: what must never be readable at rest. */
  function studentsOf(host: Awaited<ReturnType<typeof startWebHost>>): string[] {
    const ctx = host.sandbox!.context();
    return ctx.directory
      .courseMemberships(ctx.directory.course('courseId:PSYC-101-F26').id)
      .filter((m) => m.courseRoleId === 'Student')
      .flatMap((m) => {
        const user = ctx.directory.users.get(m.userId)!;
        return [user.userName, user.name?.family ?? '', user.contact?.email ?? '', user.studentId ?? ''].filter((s) => s.length >= 4);
      });
  }

  it('a page served on the stopped host’s port reads only ids and ciphertext', { timeout: 180_000 }, async () => {
    const host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption() });
    closing.push(() => host.close());
    const browser = await launchChromium();
    closing.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const secrets = studentsOf(host);
    expect(secrets.length).toBeGreaterThan(20);

    await signInToDemo(page, host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'Squatter check', date: '2026-11-24', start: '09:00', end: '10:00' });
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('student-row').first().getByTestId('student-status').textContent()).toBe('Present');
    // The owner's own window shows the names (the store opens with the key from the host).
    expect(await page.getByTestId('student-row').count()).toBeGreaterThan(10);

    // Rollbook stops; another local user's server takes its port and serves a page of its own.
    const port = host.port;
    await host.close();
    const squatter: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Rollbook</title><p>Loading…</p>'));
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => squatter.close(resolve)));
    await page.goto(`http://127.0.0.1:${port}/`);

    const seen = await rawIndexedDb(page);
    // It reads the identity's store (the roster, the meeting, the mark are there)...
    expect(seen.stores.some((name) => /^rollbook-demo-/.test(name))).toBe(true);
    expect(seen.rows).toBeGreaterThan(40);
    // ...but no student's name, user name, email or student id anywhere.
    const text = seen.text.toLowerCase();
    const readable = secrets.filter((s) => text.includes(s.toLowerCase()));
    expect(readable).toEqual([]);
    // Nor the roll call's own rows: no status, no meeting title, only the ids the indexes need.
    expect(text).not.toMatch(/"status":|present|squatter check/);
    expect(text).toMatch(/_\d+_\d+/);
  });

  it('after a sign-out with nothing waiting, the browser keeps no store of that identity', { timeout: 180_000 }, async () => {
    const host = await startWebHost({ port: 0, demo: true, dataDir: mkdtempSync(join(tmpdir(), 'rollbook-e2e-data-')), ...rendererDirOption() });
    closing.push(() => host.close());
    const browser = await launchChromium();
    closing.push(() => browser.close());
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const secrets = studentsOf(host);

    await signInToDemo(page, host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'Sign-out check', date: '2026-11-25', start: '09:00', end: '10:00' });
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 20_000 }).toBe('0 changes waiting');
    expect((await rawIndexedDb(page)).stores.some((name) => /^rollbook-demo-/.test(name))).toBe(true);

    await signOut(page, 'Sign out');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await rawIndexedDb(page)).stores.filter((name) => /^rollbook-demo-/.test(name)), { timeout: 20_000 }).toEqual([]);
    const text = (await rawIndexedDb(page)).text.toLowerCase();
    expect(secrets.filter((s) => text.includes(s.toLowerCase()))).toEqual([]);
  });
});
