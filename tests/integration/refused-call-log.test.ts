import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { configureLogger, consoleSink, type LogLine } from '../../shared/logger';

/**
 * Another local account cannot fill the instructor's log: it sent browser mode 2,000 refused IPC
 * calls with 4 KB channel names in 1.35 s, and each wrote a 4 KB line. Now a burst of them is
 * logged, cut short, and the rest are counted in one line.
 */
let host: RunningWebHost;
let dir: string;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function refusedCall(port: number, channel: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, agent, path: `/ipc/${channel}`, method: 'POST', headers: { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end('{}');
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rollbook-refusals-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Rollbook</title>');
  host = await startWebHost({ port: 0, demo: false, dataDir: dir, rendererDir: dir });
});
afterAll(async () => {
  agent.destroy();
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('refused calls in the log', () => {
  it('2,000 refused calls with 4 KB names write a few short lines, and say how many more there were', async () => {
    const lines: string[] = [];
    // Through the logger's own seam: other files of this worker may have set another sink.
    const capture = (line: LogLine): void => {
      const text = `${line.message}${line.fields ? ' ' + JSON.stringify(line.fields) : ''}`;
      if (text.includes('Refused an IPC call')) lines.push(text);
    };
    configureLogger({ sink: capture, level: 'info' });
    try {
      const statuses: number[] = [];
      for (let batch = 0; batch < 20; batch++) {
        statuses.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => refusedCall(host.port, `x${batch}-${i}-${'A'.repeat(4096)}`)))));
      }
      expect(statuses.every((status) => status === 403)).toBe(true);
      await host.close(); // the window's count is written when the host stops, if not before
      const bytes = lines.reduce((sum, line) => sum + line.length, 0);
      expect(lines.length).toBeLessThanOrEqual(11);
      expect(bytes).toBeLessThan(8 * 1024);
      expect(lines.at(-1)).toMatch(/: 1990 more in the last 60 s, not logged one by one/);
    } finally {
      configureLogger({ sink: consoleSink });
    }
  });
});
