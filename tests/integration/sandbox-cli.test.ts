import { spawn } from 'node:child_process';
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT, DEMO_APP } from '../../sandbox/core/context';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';

// `npm run sandbox` as a developer uses it: the printed addresses and credentials, and --tls.
describe('the sandbox command line', () => {
  it('prints Learn and Ally addresses and the demo credentials, and serves them', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no banner within 30 s:\n${output}`)), 30_000);
        child.stdout.on('data', () => {
          if (output.includes('Press Ctrl+C')) {
            clearTimeout(timer);
            done();
          }
        });
      });
      const learn = /Learn:\s+(http:\/\/127\.0\.0\.1:\d+\/learn)/.exec(output)?.[1];
      const ally = /Ally:\s+(http:\/\/127\.0\.0\.1:\d+\/ally)/.exec(output)?.[1];
      expect(learn).toBeDefined();
      expect(ally).toBeDefined();
      for (const secret of [DEMO_APP.key, DEMO_APP.secret, DEMO_ALLY_CLIENT.secret, 'instructor', "password 'demo'"]) expect(output).toContain(secret);
      const token = await fetch(`${learn}/api/public/v1/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${DEMO_APP.key}:${DEMO_APP.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(token.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('refuses an unknown flag with the usage text', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--prot', '1'], { cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(2);
    expect(output).toContain("Unknown option '--prot'");
    expect(output).toContain('Usage: npm run sandbox');
  }, 30_000);
});

describe('the sandbox over HTTPS', () => {
  let sandbox: RunningSandbox;
  afterAll(async () => sandbox?.close());

  it('serves Learn with a self-signed certificate whose path it reports', async () => {
    sandbox = await startSandbox({ port: 0, tls: true });
    expect(sandbox.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = readFileSync(sandbox.certPath ?? '', 'utf8');
    expect(ca).toContain('BEGIN CERTIFICATE');
    const status = await new Promise<number>((done, fail) => {
      const req = request(`${sandbox.learnUrl}/api/public/v1/oauth2/tokeninfo`, { ca }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end();
    });
    // Trusting exactly that certificate is enough: the TLS handshake succeeds and Learn answers.
    expect(status).toBe(400);
  });
});
