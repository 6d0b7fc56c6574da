import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLogger } from '../../shared/logger';
import { allowListedOpener, externalUrlAllowed } from '../../electron/host/external-url';
import { readRendererFile } from '../../electron/host/static-files';
import { isAppUrl } from '../../electron/host/window-options';

/**
 * Property tests of the gates every URL passes: `externalUrlAllowed` (the one allow-list in front
 * of the system browser, both hosts), `isAppUrl` (the only origin a window may load, navigate to or
 * take IPC from) and `readRendererFile` (what a URL path may read from disk). Each runs >= 1,000
 * generated cases of look-alike hosts, userinfo tricks, other schemes, traversal and garbage.
 */
const SITE = 'https://learn.example.edu';
// Thousands of refusals would each log a warning: keep the output readable.
beforeAll(() => configureLogger({ level: 'error' }));
afterAll(() => configureLogger({ level: 'info' }));
const RUNS = { numRuns: 1500 };

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const pathPart = fc.array(fc.constantFrom('learn', 'api', '..', '%2e%2e', '.', 'x?y=1', '#frag', '%2f', 'a b', '@', 'learn.example.edu'), { maxLength: 5 }).map((parts) => '/' + parts.join('/'));

/** Hosts that look like learn.example.edu but are not it. */
const lookAlikeHost = fc.oneof(
  label.map((l) => `learn.example.edu.${l}.com`),
  label.map((l) => `${l}-learn.example.edu`),
  label.map((l) => `learn.example.edu${l}`),
  label.map((l) => `learn-example.edu.${l}`),
  fc.constantFrom('learn.example.edu.', 'learn.example.ed', 'learn.examp1e.edu', 'lеarn.example.edu' /* Cyrillic е */, 'learn.exаmple.edu' /* Cyrillic а */),
  fc.constantFrom('xn--learn-example-edu', 'xn--lrn-8ma.example.edu', 'learn.example.edu%2eevil.com', '127.0.0.1', '[::1]', 'localhost'),
  label.map((l) => `${l}.learn.example.edu`),
);

/** Ways to put learn.example.edu in a URL whose host is somewhere else. */
const userinfoTrick = fc.tuple(label, fc.constantFrom('', ':443', ':pw')).map(([evil, extra]) => `https://learn.example.edu${extra}@${evil}.com/`);
const otherPort = fc.integer({ min: 1, max: 65535 }).filter((p) => p !== 443).map((p) => `${SITE}:${p}/`);
const otherScheme = fc.tuple(fc.constantFrom('http', 'HTTP', 'file', 'FILE', 'javascript', 'JaVaScRiPt', 'data', 'vbscript', 'ftp', 'ws', 'wss', 'blob:https', 'ms-settings', 'smb', 'app', 'chrome', 'view-source:https'), pathPart).map(
  ([scheme, path]) => (scheme.toLowerCase() === 'javascript' ? `${scheme}:alert(1)//${path}` : scheme.toLowerCase() === 'data' ? `${scheme}:text/html,<script>alert(1)</script>` : `${scheme}://learn.example.edu${path}`),
);
const traversal = fc.tuple(label, pathPart).map(([evil, path]) => `https://${evil}.com/..${path}/../learn.example.edu/`);
const garbage = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '//learn.example.edu/', 'learn.example.edu', 'https:learn.example.edu', `${SITE}\n.evil.com`, '\u0000https://learn.example.edu/'));

/** Every URL externalUrlAllowed accepts is an http(s) URL of exactly the allowed origin, without userinfo. */
function acceptedMeansExact(url: string, allowed: string): boolean {
  if (!externalUrlAllowed(url, [allowed])) return true;
  const parsed = new URL(url);
  return parsed.origin === allowed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === '';
}

// Thousands of generated cases: generous time-outs on a shared, loaded machine.
describe('the system-browser allow-list (property tests)', { timeout: 60_000 }, () => {
  it('accepts the site itself, with any path and query', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const url = `${SITE}${path.startsWith('/') ? path : `/${path}`}?${query}`;
        return externalUrlAllowed(url, [SITE]);
      }),
      RUNS,
    );
  });

  it('rejects look-alike hosts, userinfo tricks, other ports, schemes, traversal and garbage', () => {
    const hostile = fc.oneof(
      fc.tuple(lookAlikeHost, pathPart).map(([host, path]) => `https://${host}${path}`),
      userinfoTrick,
      otherPort,
      otherScheme,
      traversal,
      garbage,
    );
    fc.assert(
      fc.property(hostile, (url) => !externalUrlAllowed(url, [SITE]) || new URL(url).origin === SITE),
      RUNS,
    );
    // The strict reading of the above: none of these generators ever produces an accepted URL.
    fc.assert(
      fc.property(fc.oneof(fc.tuple(lookAlikeHost, pathPart).map(([h, p]) => `https://${h}${p}`), userinfoTrick, otherPort, otherScheme, traversal), (url) => !externalUrlAllowed(url, [SITE])),
      RUNS,
    );
  });

  it('never accepts anything but the exact allowed origin, whatever the input (web URLs and strings)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), fc.constantFrom(SITE, `${SITE}.`, `${SITE}:443`, 'HTTPS://LEARN.EXAMPLE.EDU/')), (url) => acceptedMeansExact(url, SITE)),
      RUNS,
    );
  });

  it('allows nothing when no site is known (signed out), and the opener never sees a refused URL', async () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => !externalUrlAllowed(url, [undefined]) && !externalUrlAllowed(url, [])),
      { numRuns: 1000 },
    );
    const opened: string[] = [];
    const open = allowListedOpener((url) => Promise.resolve(void opened.push(url)), () => [SITE]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(userinfoTrick, otherScheme, traversal), async (url) => {
        await expect(open(url)).rejects.toThrow(/only the Learn site/);
      }),
      { numRuns: 1000 },
    );
    expect(opened).toEqual([]);
  });
});

describe('the app origin (what a window loads and who may call IPC)', { timeout: 60_000 }, () => {
  it('is app://rollbook and nothing that merely resembles it', () => {
    const resembling = fc.oneof(
      label.map((l) => `app://rollbook.${l}/index.html`),
      label.map((l) => `app://${l}rollbook/index.html`),
      label.map((l) => `app://rollbook@${l}/index.html`),
      fc.constantFrom('http', 'https', 'file', 'javascript', 'data', 'blob:app', 'rollbook', 'App ').map((s) => `${s}://rollbook/index.html`),
      fc.integer({ min: 1, max: 65535 }).map((p) => `app://rollbook:${p}/index.html`),
      garbage.filter((s) => !s.trim().toLowerCase().startsWith('app://rollbook')),
    );
    fc.assert(fc.property(resembling, (url) => !isAppUrl(url)), RUNS);
    fc.assert(fc.property(fc.webPath(), (path) => isAppUrl(`app://rollbook/${path.replace(/^\/+/, '')}`)), { numRuns: 1000 });
  });
});

describe('renderer files by URL path', { timeout: 60_000 }, () => {
  let root: string;
  let renderer: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rollbook-static-'));
    renderer = join(root, 'renderer');
    await mkdir(join(renderer, 'assets'), { recursive: true });
    await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Rollbook</title>');
    await writeFile(join(root, 'secret.txt'), 'OUTSIDE-THE-RENDERER');
    await writeFile(join(root, 'renderer-evil.txt'), 'OUTSIDE-THE-RENDERER');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('never reads a file outside the renderer folder, however the path is spelt', async () => {
    const segment = fc.constantFrom('..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%5c', '..\\', '%2f', '', '.', 'assets', 'secret.txt', '../renderer-evil.txt', '%00', 'index.html', '%252e%252e');
    const path = fc.array(segment, { minLength: 1, maxLength: 8 }).map((parts) => '/' + parts.join('/'));
    await fc.assert(
      fc.asyncProperty(fc.oneof(path, fc.string().map((s) => `/${s}`)), async (urlPath) => {
        const file = await readRendererFile(renderer, urlPath);
        return file === undefined || !file.body.toString().includes('OUTSIDE-THE-RENDERER');
      }),
      { numRuns: 1000 },
    );
    expect((await readRendererFile(renderer, '/'))?.body.toString()).toContain('Rollbook');
  });
});
