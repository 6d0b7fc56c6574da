import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient, createAllyHttpClient } from '../../electron/core/ally';
import { allyHandlers } from '../../electron/core/app/ally-handlers';
import { checkSite } from '../../electron/core/app/site-check';
import { contract } from '../../shared/ipc/contract';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { learnAs, PSYC, routeCount } from './learn-support';

/**
 * What Ally's hashes look like and what Ally answers for a hash it does not know are not in the
 * seed ("an opaque content hash"; the unknown hash's answer "not shown"). The sandbox offers each
 * plausible answer (`POST /__sandbox/ally`) and the overview, sending a file and the site check
 * work under every one of them.
 */
type HashForm = 'samples' | 'opaque';
type UnknownHash = 'not-found' | 'empty';

let sandbox: RunningSandbox;
const FAST_POLL = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };
const LECTURE_FILES = ['Brain anatomy diagram.png', 'Syllabus PSYC 101 Fall 2026.pdf', 'Week 1 - What is Psychology.pdf', 'Week 2 - Research Methods (scanned).pdf'];
const downloads = (): Promise<number> => routeCount(sandbox, 'GET /learn/bbcswebdav/:fileRef');

async function allyAnswers(settings: { hashForm?: HashForm; unknownHash?: UnknownHash }): Promise<void> {
  const res = await sandbox.controlFetch(`/__sandbox/ally`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });
  expect(res.status).toBe(200);
}

/** A launch of the app: its own handlers, hashes kept in memory. */
function launch(): ReturnType<typeof allyHandlers> {
  const { learn } = learnAs(sandbox, 'instructor');
  return allyHandlers({ learn: () => learn, ally: new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL }) });
}

async function overview(handlers: ReturnType<typeof allyHandlers>): Promise<AllyCourseFile[]> {
  const { files: listed } = contract['ally.listFiles'].response.parse(await handlers['ally.listFiles']({ courseId: PSYC }));
  const request = contract['ally.readReports'].request.parse({ courseId: PSYC, files: listed });
  return contract['ally.readReports'].response.parse(await handlers['ally.readReports'](request)).files;
}

beforeAll(async () => {
  sandbox = await withSandbox();
});
afterEach(() => allyAnswers({ hashForm: 'samples', unknownHash: 'not-found' }));
afterAll(() => sandbox.close());

describe.each<UnknownHash>(['not-found', 'empty'])('Ally answering a hash it does not know with %s', (unknownHash) => {
  it('finds the lecture’s files under hashes in the samples’ form, each read from Learn once', async () => {
    await allyAnswers({ hashForm: 'samples', unknownHash });
    const app = launch();
    const before = await downloads();
    const files = await overview(app);
    expect(files.map((f) => [f.fileName, f.state]).sort()).toEqual(LECTURE_FILES.map((name) => [name, 'checked']));
    expect((await downloads()) - before).toBe(4);
    // A second visit asks Ally under the hashes found, and reads nothing from Learn again.
    const again = await downloads();
    expect((await overview(app)).every((f) => f.state === 'checked')).toBe(true);
    expect(await downloads()).toBe(again);
  });

  it('shows files under opaque hashes as not checked yet, reads them once, and reports one once Rollbook sends it', async () => {
    await allyAnswers({ hashForm: 'opaque', unknownHash });
    const app = launch();
    const before = await downloads();
    const files = await overview(app);
    expect(files.map((f) => [f.fileName, f.state]).sort()).toEqual(LECTURE_FILES.map((name) => [name, 'unknown']));
    expect(files.every((f) => f.hash === null && f.note === 'Ally has not checked this file yet.')).toBe(true);
    expect((await downloads()) - before).toBe(4);

    // The lookup is remembered for the file's revision: no second download on the next visit.
    const again = await downloads();
    expect((await overview(app)).every((f) => f.state === 'unknown')).toBe(true);
    expect(await downloads()).toBe(again);

    // Sent: Ally already has these bytes (303) and its opaque hash is kept and used from then on.
    const syllabus = files.find((f) => f.fileName === 'Syllabus PSYC 101 Fall 2026.pdf');
    if (!syllabus) throw new Error('no syllabus');
    const sent = await app['ally.sendFile']({ courseId: PSYC, contentId: syllabus.contentId, attachmentId: syllabus.attachmentId });
    expect(sent).toMatchObject({ state: 'checked' });
    expect(sent.hash).toMatch(/^[0-9a-f]{64}$/);
    const after = (await overview(app)).find((f) => f.fileName === syllabus.fileName);
    expect(after).toMatchObject({ state: 'checked', hash: sent.hash });
  });

  it('lets the site check say Ally accepts the credentials', async () => {
    await allyAnswers({ unknownHash });
    const ally = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient() });
    const result = await checkSite({ learn: learnAs(sandbox, 'instructor').learn, ally, siteName: '127.0.0.1' });
    expect(result.features.find((f) => f.feature === 'ally')?.state).toBe('available');
  });
});
