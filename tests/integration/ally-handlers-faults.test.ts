import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { fetchAllowingGetBody } from '../../electron/core/ally/get-with-body';
import { networkFetch } from '../../electron/core/http/network-fetch';
import { allyHandlers } from '../../electron/core/app/ally-handlers';
import { HttpClient } from '../../electron/core/http';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { learnAs, PSYC, setFaults } from './learn-support';

/**
 * The ally.* handlers when Learn or Ally fail: the instructor gets a message naming the service
 * and what was being done, never a half list passed off as complete.
 */
let sandbox: RunningSandbox;

/** Fresh handlers (no remembered hashes), with quick retries. */
function handlersFor(on: RunningSandbox): ReturnType<typeof allyHandlers> {
  const { learn } = learnAs(on, 'instructor');
  const http = new HttpClient({ service: 'Ally', fetch: fetchAllowingGetBody(networkFetch()), retry: { baseDelayMs: 20, maxDelayMs: 100 } });
  return allyHandlers({ learn: () => learn, ally: new AllyClient({ baseUrl: on.allyUrl, credentials: DEMO_ALLY_CLIENT, http }) });
}

beforeAll(async () => {
  sandbox = await withSandbox();
});
afterEach(() => setFaults(sandbox, { serverErrorRate: 0, pathPattern: null }));
afterAll(() => sandbox.close());

describe('ally.courseFiles when a service fails', () => {
  it('fails with a message naming Ally and the batch read when Ally keeps answering 503', async () => {
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: 'content/batch$' });
    const handlers = handlersFor(sandbox);
    const { files } = await handlers['ally.listFiles']({ courseId: PSYC });
    await expect(handlers['ally.readReports']({ courseId: PSYC, files })).rejects.toThrow(/Ally.*read Ally's reports on 4 files|read Ally's reports on 4 files.*Ally/);
  });

  it('lists the files Learn would not hand over as unreadable, saying why, and reads them once Learn answers', async () => {
    const handlers = handlersFor(sandbox);
    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: 'bbcswebdav' });
    const { files: listed } = await handlers['ally.listFiles']({ courseId: PSYC });
    const { files } = await handlers['ally.readReports']({ courseId: PSYC, files: listed });
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      expect(file.state).toBe('unreadable');
      expect(file.note).toMatch(new RegExp(`read ${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from Learn`));
    }
    // Learn answers again: the same files are read, hashed and reported.
    await setFaults(sandbox, { serverErrorRate: 0, pathPattern: null });
    const again = await handlers['ally.readReports']({ courseId: PSYC, files: listed });
    expect(again.files.every((f) => f.state === 'checked')).toBe(true);
  });
});
