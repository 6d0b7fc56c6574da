import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../shared/ipc/update-channels';
import { configureLogger, createLogger } from '../../shared/logger';
import { parseDeployment } from '../../electron/core/auth/deployment-file';
import { DAY_MS, RETRY_MS, UpdateService, type Timers } from '../../electron/core/updates/update-service';
import { DEFAULT_UPDATE_FEED, readUpdateSettings, updateFeed } from '../../electron/core/updates/update-settings';
import { installedApp, serveUpdateFeed, type UpdateFeedServer } from '../support/update-feed';

/**
 * The installed app's updates: UpdateService driving the real electron-updater against a feed
 * this test serves on 127.0.0.1 (tests/support/update-feed.ts). Only the test lets a feed be
 * plain http, and only on this computer (`allowLoopbackHttp`); the hosts never do.
 */
const log = createLogger('updates-test');
beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));
let dir: string;
let feed: UpdateFeedServer;
const loopback = { allowLoopbackHttp: true };

/** The daily timer, held so a test can let a day (or an hour) pass. */
function heldTimers(): Timers & { pending: { run: () => void; ms: number }[] } {
  const pending: { run: () => void; ms: number }[] = [];
  return { pending, setTimeout: (run, ms) => pending.push({ run, ms }), clearTimeout: () => pending.splice(0) };
}

async function started(version: string, feedUrl = feed.url) {
  const app = await installedApp(version, join(dir, `app-${version}-${Math.random()}`));
  const timers = heldTimers();
  const service = new UpdateService(app.updater, updateFeed({ url: feedUrl }, loopback), log, timers);
  const seen: UpdateStatus[] = [];
  service.onChange((status) => seen.push(status));
  service.start();
  return { app, timers, service, seen };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rollbook-updates-'));
  feed = await serveUpdateFeed(join(dir, 'feed'));
});
afterEach(async () => {
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

describe('updates from the feed', () => {
  it('finds a newer version at start, downloads it in the background, and installs it on restart or on quit', async () => {
    const release = Buffer.from('the 1.1.0 package');
    await feed.publish('1.1.0', release);
    const { app, timers, service, seen } = await started('1.0.0');
    await vi.waitFor(() => expect(service.status()).toEqual({ state: 'ready', version: '1.1.0' }), { timeout: 10_000 });
    expect(seen).toEqual([{ state: 'downloading', version: '1.1.0' }, { state: 'ready', version: '1.1.0' }]);
    expect(feed.requests).toContain('/feed/rollbook_1.1.0_amd64.deb');
    // Ready: no further check; it waits for the quit.
    expect(timers.pending).toHaveLength(0);

    expect(service.restartToUpdate()).toBe(true);
    await vi.waitFor(() => expect(app.installs).toHaveLength(1));
    expect(app.installs[0]).toEqual({ body: release, isSilent: true, isForceRunAfter: true });
    // Quitting instead installs it too, without starting Rollbook again.
    app.quit();
    expect(app.installs.at(-1)).toEqual({ body: release, isSilent: true, isForceRunAfter: false });
  });

  it('with nothing newer, downloads nothing and checks again a day later, finding what was published meanwhile', async () => {
    await feed.publish('1.0.0', Buffer.from('the installed package'));
    const { timers, service } = await started('1.0.0');
    await vi.waitFor(() => expect(timers.pending.map((t) => t.ms)).toEqual([DAY_MS]));
    expect(service.status()).toEqual({ state: 'current' });
    expect(feed.requests.filter((path) => path.endsWith('.deb'))).toEqual([]);
    expect(service.restartToUpdate()).toBe(false);

    await feed.publish('1.2.0', Buffer.from('the 1.2.0 package'));
    timers.pending.shift()!.run();
    await vi.waitFor(() => expect(service.status()).toEqual({ state: 'ready', version: '1.2.0' }), { timeout: 10_000 });
  });

  it('does not offer a download that fails its checksum, and tries again within the hour', async () => {
    await feed.publish('1.1.0', Buffer.from('a package changed on the way'), { damaged: true });
    const { app, timers, service } = await started('1.0.0');
    await vi.waitFor(() => expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_MS]), { timeout: 10_000 });
    expect(service.status()).toEqual({ state: 'current' });
    expect(service.restartToUpdate()).toBe(false);
    app.quit();
    expect(app.installs).toEqual([]);
  });

  it('tries again within the hour when the feed cannot be reached', async () => {
    const { timers, service } = await started('1.0.0', 'http://127.0.0.1:9/feed/');
    await vi.waitFor(() => expect(timers.pending.map((t) => t.ms)).toEqual([RETRY_MS]), { timeout: 15_000 });
    expect(service.status()).toEqual({ state: 'current' });
  }, 20_000);

  it('asks nothing of a plain http feed: off, whoever names it', async () => {
    await feed.publish('1.1.0', Buffer.from('the 1.1.0 package'));
    const app = await installedApp('1.0.0', join(dir, 'app'));
    const service = new UpdateService(app.updater, updateFeed({ url: feed.url }), log, heldTimers());
    service.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.status()).toEqual({ state: 'off' });
    expect(feed.requests).toEqual([]);
  });
});

describe('which feed, from the deployment file', () => {
  const deployment = async (text: string) => {
    const path = join(dir, 'deployment.json');
    await writeFile(path, text);
    return updateFeed(await readUpdateSettings(path));
  };
  const site = { learnUrl: 'https://learn.school.edu', applicationKey: 'key', applicationSecret: 'secret' };

  it('is the publisher’s without a file, or without updates in it', async () => {
    expect(updateFeed(await readUpdateSettings(join(dir, 'none.json')))).toEqual({ state: 'on', url: DEFAULT_UPDATE_FEED, source: 'publisher' });
    expect(await deployment(JSON.stringify(site))).toEqual({ state: 'on', url: DEFAULT_UPDATE_FEED, source: 'publisher' });
    expect(DEFAULT_UPDATE_FEED).toMatch(/^https:\/\//);
    // The same feed the packager publishes for (build/electron-builder.yml).
    const builder = await readFile(join(import.meta.dirname, '../../build/electron-builder.yml'), 'utf8');
    expect(/^publish:\n {2}provider: generic\n {2}url: (\S+)$/m.exec(builder)?.[1]).toBe(DEFAULT_UPDATE_FEED);
  });

  it('is the institution’s mirror when the file names one', async () => {
    expect(await deployment(JSON.stringify({ ...site, updates: { url: 'https://software.school.edu/rollbook' } }))).toEqual({ state: 'on', url: 'https://software.school.edu/rollbook/', source: 'deployment file' });
  });

  it('is off when the file turns updates off, or names a feed that is not HTTPS, or cannot be read', async () => {
    expect(await deployment(JSON.stringify({ ...site, updates: { enabled: false } }))).toMatchObject({ state: 'off', reason: 'the deployment file turns updates off' });
    for (const url of ['http://software.school.edu/rollbook/', 'http://127.0.0.1:8080/feed/', 'ftp://software.school.edu/', 'https://user:pw@software.school.edu/', 'not an address']) {
      expect(await deployment(JSON.stringify({ ...site, updates: { url } })), url).toMatchObject({ state: 'off', reason: expect.stringMatching(/deployment file's update address/) as unknown });
    }
    expect(await deployment('{"updates": {')).toMatchObject({ state: 'off', reason: 'the deployment file is not valid JSON' });
    expect(await deployment(JSON.stringify({ ...site, updates: { enabled: 'no' } }))).toMatchObject({ state: 'off', reason: expect.stringContaining('updates.enabled') as unknown });
  });

  it('lets only tests use http, and only on this computer', () => {
    expect(updateFeed({ url: 'http://127.0.0.1:8080/feed/' }, loopback)).toMatchObject({ state: 'on' });
    expect(updateFeed({ url: 'http://software.school.edu/feed/' }, loopback)).toMatchObject({ state: 'off' });
  });

  it('is read beside the site, which the same file still adds', () => {
    expect(parseDeployment(JSON.stringify({ ...site, updates: { url: 'https://software.school.edu/rollbook/' } }), 'rollbook.json').updates).toEqual({ url: 'https://software.school.edu/rollbook/' });
    expect(() => parseDeployment(JSON.stringify({ ...site, updates: { channel: 'beta' } }), 'rollbook.json')).toThrow(/updates/);
  });
});
