import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { findLearn } from '../../electron/core/auth/find-learn';
import { useHostNetworkFetch, type NetworkFetch } from '../../electron/core/http/network-fetch';
import { networkProblemOf, SOCKS_PROXY_UNSUPPORTED } from '../../electron/core/http/network-problem';
import { CONTENT_HANDLERS } from '../../shared/api/content';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { useDesktopNetwork } from '../../electron/host/desktop-network';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import { createFakeElectron } from '../support/fake-electron';
import { setAvatarPicture } from '../support/sandbox';
import { CAMPUS_NAME, startCampusSandbox, type CampusSandbox } from './campus-sandbox';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';
import { collect, PSYC, tokensFor } from './learn-support';

/**
 * The desktop host's network set-up (useDesktopNetwork, as main.ts calls it) with Electron's
 * session faked: its proxy resolver names a CONNECT proxy this test runs on 127.0.0.1. The sandbox
 * is reached over HTTPS as `rollbook-test.invalid`, which no DNS resolves: only the proxy reaches
 * it. Every client is made with its defaults, so each takes the network fetch the host installed.
 * What used to fail under Electron's net.fetch (a manual redirect throws "Redirect was cancelled")
 * is each checked here: photos, attachment links, Ally's 303, the site check; and Ally's batch,
 * a GET with a body, goes through the same proxy.
 */
const FAST_POLL = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };
const electron = createFakeElectron({ path: '' });

let campus: CampusSandbox;
let proxy: ConnectProxy;
let network: NetworkFetch;
let dir: string;
let learn: LearnClient;

/** Runs `work` and says what went through the proxy meanwhile: the URLs the resolver was asked for and the tunnels opened. */
async function watched<T>(work: () => Promise<T>): Promise<{ result: T; asked: string[]; tunnels: string[] }> {
  const asked = electron.proxy.asked.length;
  const tunnels = proxy.tunnels.length;
  const result = await work();
  return { result, asked: electron.proxy.asked.slice(asked), tunnels: proxy.tunnels.slice(tunnels) };
}

beforeAll(async () => {
  campus = await startCampusSandbox({ allyProcessingMs: 30 });
  proxy = await startConnectProxy();
  electron.proxy.answer = () => `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
  // No proxy variables (they would win over the system's settings), and the campus CA trusted.
  network = useDesktopNetwork(electron.module.session.defaultSession, { env: {}, certificates: [...rootCertificates, campus.ca] });
  learn = new LearnClient({ baseUrl: campus.learnUrl, tokens: tokensFor(campus.sandbox, 'instructor') });
  dir = await mkdtemp(join(tmpdir(), 'rollbook-desktop-network-'));
});

afterAll(async () => {
  // The files after this one in the worker share the module graph.
  useHostNetworkFetch(undefined);
  await network.close();
  await proxy.close();
  await campus.sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the desktop's network set-up, through this computer's proxy", () => {
  it('finds Learn at the address typed (the site check reads redirects itself)', async () => {
    const { result, asked, tunnels } = await watched(() => findLearn(`${CAMPUS_NAME}:${campus.sandbox.port}`));
    expect(result.learnUrl).toBe(campus.learnUrl);
    expect(asked).toContain(`${campus.learnUrl}/api/public/v1/system/version`);
    expect(tunnels.every((t) => t === `${CAMPUS_NAME}:${campus.sandbox.port}`)).toBe(true);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
  });

  it("shows a student's photo: Learn's 302 is read, then the file fetched", async () => {
    const directory = campus.sandbox.context().directory;
    const student = directory.courseMemberships(directory.course(PSYC).id).find((m) => m.courseRoleId === 'Student')!.userId;
    await setAvatarPicture(campus.sandbox, student, 'png', network);
    const { result, asked } = await watched(() => learn.avatars.photo(student));
    expect(result).toMatchObject({ state: 'photo', contentType: 'image/png' });
    // Both the API call and the signed link it points to are on Learn's name: both through the proxy.
    expect(asked[0]).toBe(`${campus.learnUrl}/api/public/v1/users/${student}/avatar`);
    expect(asked[1]).toMatch(new RegExp(`^${campus.learnUrl}/signed/avatars/`));
  });

  it("gives an attachment's download link, and the file behind it", async () => {
    const bytes = new TextEncoder().encode('Review questions\n1. What is working memory?\n');
    const upload = await learn.content.upload({ fileName: 'review.txt', data: bytes, mimeType: 'text/plain' });
    const file = await learn.content.createContent(PSYC, { title: 'Review questions', contentHandler: { id: CONTENT_HANDLERS.file, file: { uploadId: upload.id, fileName: 'review.txt' } } });
    const [attachment] = await collect(learn.content.listAttachments(PSYC, file.id));
    const { result: link, asked } = await watched(() => learn.content.attachmentLink(PSYC, file.id, attachment!.id));
    expect(link.searchParams.get('signature')).toBeTruthy();
    expect(asked.some((url) => url.endsWith(`/attachments/${attachment!.id}/download`))).toBe(true);
    expect(new Uint8Array(await (await network(link)).arrayBuffer())).toEqual(bytes);
  });

  it('sends a file to Ally, and the same bytes again are answered 303 with the same report; the batch (a GET with a body) goes the same way', async () => {
    const ally = new AllyClient({ baseUrl: campus.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL });
    const path = join(dir, 'Week 3 handout.pdf');
    await writeFile(path, writePdf({ title: 'Attention', lang: 'en', blocks: [{ kind: 'heading', level: 1, text: 'Attention' }, { kind: 'paragraph', text: 'The students read the chapter on attention before the seminar.' }] }, { tagged: false }));
    const first = await ally.upload(path);
    expect(first.alreadyKnown).toBe(false);
    await copyFile(path, join(dir, 'copy.pdf'));
    const { result: again, asked } = await watched(() => ally.upload(join(dir, 'copy.pdf')));
    expect(again).toMatchObject({ alreadyKnown: true, hash: first.hash });
    expect(asked.every((url) => url.startsWith(`${campus.allyUrl}/`))).toBe(true);
    const batch = await watched(() => ally.batchInformation([first.hash, 'not-a-hash']));
    expect(batch.result.map((info) => info?.hash ?? null)).toEqual([first.hash, null]);
    expect(batch.asked.some((url) => url.includes('/batch'))).toBe(true);
  });

  it('goes nowhere else: with the settings saying DIRECT, the name is not found, and with only a SOCKS proxy it is told in words', async () => {
    const typed = `${CAMPUS_NAME}:${campus.sandbox.port}`;
    try {
      electron.proxy.answer = () => 'DIRECT';
      await expect(findLearn(typed)).rejects.toThrow(/no server by that name was found/);
      electron.proxy.answer = () => 'SOCKS5 127.0.0.1:1080';
      await expect(findLearn(typed)).rejects.toThrow("This computer's proxy settings send Learn through a SOCKS proxy (socks5://127.0.0.1:1080), which Rollbook cannot use.");
    } finally {
      electron.proxy.answer = () => `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
    }
  });

  it('a proxy that asks for a sign-in is told in words (Chromium would have asked in a window); HTTPS_PROXY with the password then gets through', async () => {
    const guarded = await startConnectProxy({ credentials: 'instructor:campus-pass' });
    const typed = `${CAMPUS_NAME}:${campus.sandbox.port}`;
    try {
      electron.proxy.answer = () => `PROXY 127.0.0.1:${guarded.port}`;
      await expect(findLearn(typed)).rejects.toThrow(
        `The proxy server http://127.0.0.1:${guarded.port} (from this computer's proxy settings) asked for a sign-in, which Rollbook cannot give from those settings. Set HTTPS_PROXY to the proxy with your user name and password`,
      );
      const withPassword = useDesktopNetwork(electron.module.session.defaultSession, { env: { HTTPS_PROXY: `http://instructor:campus-pass@127.0.0.1:${guarded.port}` }, certificates: [...rootCertificates, campus.ca] });
      try {
        expect((await findLearn(typed)).learnUrl).toBe(campus.learnUrl);
        expect(guarded.tunnels).toEqual([typed]);
      } finally {
        await withPassword.close();
      }
    } finally {
      useHostNetworkFetch(network);
      electron.proxy.answer = () => `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
      await guarded.close();
    }
  });

  it('a redirect followed to another host takes that host\'s route, asked for then', async () => {
    const version = `${campus.learnUrl}/api/public/v1/system/version`;
    const here = createServer((_req, res) => res.writeHead(302, { Location: version }).end());
    await new Promise<void>((resolve) => here.listen(0, '127.0.0.1', resolve));
    const start = `http://127.0.0.1:${(here.address() as AddressInfo).port}/`;
    try {
      const { result, asked } = await watched(() => network(start));
      expect(result.status).toBe(200);
      // This computer is never asked about; Learn's name is, when the redirect reaches it.
      expect(asked).toEqual([version]);
      electron.proxy.answer = () => 'SOCKS5 127.0.0.1:1080';
      const refused = await network(start).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(networkProblemOf(refused, new URL(version))).toMatchObject({ kind: 'proxy', code: SOCKS_PROXY_UNSUPPORTED });
    } finally {
      electron.proxy.answer = () => `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
      await new Promise((resolve) => here.close(resolve));
    }
  });

  it('opened every tunnel to Learn and Ally only, and kept them open for the requests after', () => {
    // Kept-alive tunnels: fewer CONNECTs than requests, each to the one name asked for.
    expect(new Set(proxy.tunnels)).toEqual(new Set([`${CAMPUS_NAME}:${campus.sandbox.port}`]));
    expect(proxy.tunnels.length).toBeLessThan(electron.proxy.asked.length);
  });
});
