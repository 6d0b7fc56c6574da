import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md are enforced by dependency-cruiser in `npm run lint`. Each case
// builds a tiny tree with one forbidden import and proves the lint names the broken rule.
const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'rollbook-import-rules-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cruise(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(work, 'case-'));
  cpSync(join(repo, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const roots = [...new Set(Object.keys(files).map((p) => p.split('/')[0] as string))];
  const result = spawnSync(join(repo, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.cjs', ...roots], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Each case runs dependency-cruiser as a process (1-6 s on a loaded 2-core machine).
describe('import rules of docs/architecture.md', { timeout: 30_000 }, () => {
  it('passes a tree that follows them', () => {
    const r = cruise({
      'shared/api/meeting.ts': 'export const x = 1;\n',
      'renderer/src/app.ts': "import { x } from '../../shared/api/meeting';\nexport const y = x;\n",
      'electron/core/sync/engine.ts': "import { x } from '../../../shared/api/meeting';\nexport const z = x;\n",
      'shared/logger.ts': 'export const log = 1;\n',
      'sandbox/server.ts': "import { log } from '../shared/logger';\nexport const s = log;\n",
    });
    expect(r.output).not.toContain('error');
    expect(r.status).toBe(0);
  });

  const violations: [string, Record<string, string>][] = [
    ['nothing-imports-renderer', { 'renderer/src/db.ts': 'export const db = 1;\n', 'shared/x.ts': "import { db } from '../renderer/src/db';\nexport const x = db;\n" }],
    ['renderer-not-main-side', { 'electron/core/auth/vault.ts': 'export const v = 1;\n', 'renderer/src/x.ts': "import { v } from '../../electron/core/auth/vault';\nexport const x = v;\n" }],
    ['shared-is-pure', { 'electron/core/learn/client.ts': 'export const c = 1;\n', 'shared/x.ts': "import { c } from '../electron/core/learn/client';\nexport const x = c;\n" }],
    ['shared-no-node-builtins', { 'shared/x.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n" }],
    ['sandbox-imports-only-shared', { 'electron/core/learn/client.ts': 'export const c = 1;\n', 'sandbox/x.ts': "import { c } from '../electron/core/learn/client';\nexport const x = c;\n" }],
    ['sandbox-independent-of-client', { 'shared/api/meeting.ts': 'export const m = 1;\n', 'sandbox/x.ts': "import { m } from '../shared/api/meeting';\nexport const x = m;\n" }],
    ['only-hosts-and-tests-import-sandbox', { 'sandbox/server.ts': 'export const s = 1;\n', 'electron/core/sync/x.ts': "import { s } from '../../../sandbox/server';\nexport const x = s;\n" }],
    ['core-without-electron', { 'electron/core/auth/x.ts': "import { safeStorage } from 'electron';\nexport const x = safeStorage;\n" }],
    ['preload-carries-no-schemas', { 'shared/ipc/contract.ts': 'export const isChannel = (n: string) => n.length > 0;\n', 'electron/preload.ts': "import { isChannel } from '../shared/ipc/contract';\nexport const p = isChannel;\n" }],
    ['renderer-no-node', { 'renderer/src/x.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n" }],
    ['no-circular', { 'shared/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'shared/b.ts': "import { a } from './a';\nexport const b = () => a;\n" }],
  ];

  it.each(violations)('fails the lint on a violation of %s', (rule, files) => {
    const r = cruise(files);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(rule);
  });

  it('lets the hosts import the sandbox for demo mode', () => {
    const r = cruise({ 'sandbox/server.ts': 'export const s = 1;\n', 'electron/web-host.ts': "import { s } from '../sandbox/server';\nexport const w = s;\n" });
    expect(r.status).toBe(0);
  });
});
