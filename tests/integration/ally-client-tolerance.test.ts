import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { fetchAllowingGetBody } from '../../electron/core/ally/get-with-body';
import { networkFetch } from '../../electron/core/http/network-fetch';
import { HttpClient } from '../../electron/core/http';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';

/**
 * The Ally client reads Ally's answers as they come, not as Rollbook would write them:
 * a format's status without `downloadUrl` before it is ready, and a 303 whose body
 * is an HTML page. Through the real client and the sandbox over loopback; a recording transport
 * only notes what Ally answered.
 */
const FAST_POLL = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };

let sandbox: RunningSandbox;
let dir: string;

interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/** A client whose every answer is noted (status, type, and the body of JSON and HTML answers). */
function recordingClient(): { ally: AllyClient; answers: Answer[] } {
  const answers: Answer[] = [];
  const transport = fetchAllowingGetBody(networkFetch());
  const http = new HttpClient({
    service: 'Ally',
    fetch: async (input, init) => {
      const res = await transport(input, init);
      const contentType = res.headers.get('content-type') ?? '';
      const body = /json|html/.test(contentType) ? await res.clone().text() : '';
      answers.push({ method: init?.method ?? 'GET', path: new URL(String(input instanceof Request ? input.url : input)).pathname, status: res.status, contentType, body });
      return res;
    },
  });
  return { ally: new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL, http }), answers };
}

async function handout(name: string, title: string): Promise<string> {
  const path = join(dir, name);
  const text = `The students read the chapter on ${title} and then they discuss it in the seminar with the instructor.`;
  await writeFile(path, writePdf({ title, lang: 'en', blocks: [{ kind: 'heading', level: 1, text: title }, { kind: 'paragraph', text }] }, { tagged: false }));
  return path;
}

beforeAll(async () => {
  // Shape variety on (as in the integration tier): a format's status has no downloadUrl until success.
  sandbox = await withSandbox({ allyProcessingMs: 150, shapeVariety: true });
  dir = await mkdtemp(join(tmpdir(), 'rollbook-ally-tolerance-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('answers as Ally writes them', () => {
  it("reads a 303 whose body is an HTML page by its Location, with Ally's hash and report", async () => {
    const path = await handout('Attention.pdf', 'Attention');
    const first = await recordingClient().ally.upload(path);
    const { ally, answers } = recordingClient();
    const again = await ally.upload(path);

    const seeOther = answers.find((a) => a.method === 'POST');
    expect(seeOther).toMatchObject({ status: 303, contentType: expect.stringMatching(/^text\/html/) as unknown });
    expect(() => JSON.parse(seeOther?.body ?? '') as unknown).toThrow();
    expect(again).toMatchObject({ alreadyKnown: true, hash: first.hash, status: { status: 'success' } });
    expect(again.information.feedback?.score).toBe(first.information.feedback?.score);
  });

  it('follows a format whose status has no downloadUrl until it is ready, then downloads it', async () => {
    const path = await handout('Perception.pdf', 'Perception');
    const { ally, answers } = recordingClient();
    const { hash } = await ally.upload(path);
    const destination = join(dir, 'Perception.html');
    await ally.formats.generateAndDownload(hash, 'Html', { originalUrl: 'https://learn.example.edu/bbcswebdav/xid-2_1?signature=abc', destinationPath: destination });

    const statuses = answers.filter((a) => a.path.includes('/formats/Html') && /json/.test(a.contentType)).map((a) => JSON.parse(a.body) as { status: string; downloadUrl?: string | null });
    expect(statuses.some((s) => s.status !== 'success' && (s.downloadUrl ?? null) === null)).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ status: 'success', downloadUrl: expect.stringContaining('/formats/Html') as unknown });
    expect(await readFile(destination, 'utf8')).toMatch(/<h1>Perception<\/h1>/);
  });
});
