import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AllyHashStore } from '../../electron/core/app/ally-hash-store';
import { configureLogger, type LogLine } from '../../shared/logger';

/** Ally's hashes kept in the data folder: per site and file revision, replaced whole, never fatal. */
const SITE = 'https://learn.school.edu/learn';
const syllabus = { contentId: '_10_1', attachmentId: '_20_1', modified: '2026-11-01T10:00:00.000Z' };
const reading = { contentId: '_11_1', attachmentId: '_21_1', modified: '2026-11-02T10:00:00.000Z' };

let dir: string;
const logged: LogLine[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rollbook-hash-store-'));
  logged.length = 0;
  configureLogger({ sink: (line) => logged.push(line), level: 'debug' });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('AllyHashStore', () => {
  it('keeps a hash for the next launch, for the same revision only', async () => {
    await new AllyHashStore(dir).site(SITE).set('_1_1', [[syllabus, { hash: 'U3lsbGFidXM=', bytes: 1200 }]]);
    const next = new AllyHashStore(dir).site(`${SITE}/`);
    expect(await next.get('_1_1', syllabus)).toEqual({ hash: 'U3lsbGFidXM=', bytes: 1200 });
    expect(await next.get('_1_1', { ...syllabus, modified: '2026-11-05T10:00:00.000Z' })).toBeUndefined();
    expect(await next.get('_2_1', syllabus)).toBeUndefined();
    expect(await new AllyHashStore(dir).site('https://other.school.edu/learn').get('_1_1', syllabus)).toBeUndefined();
  });

  it('loses nothing when hashes are kept at the same time, and leaves no temporary file', async () => {
    const site = new AllyHashStore(dir).site(SITE);
    await Promise.all([site.set('_1_1', [[syllabus, { hash: 'QQ==', bytes: 1 }]]), site.set('_1_1', [[reading, { hash: 'Qg==', bytes: 2 }]])]);
    const next = new AllyHashStore(dir).site(SITE);
    expect(await next.get('_1_1', syllabus)).toMatchObject({ hash: 'QQ==' });
    expect(await next.get('_1_1', reading)).toMatchObject({ hash: 'Qg==' });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps one revision per attachment: a newer one replaces the older', async () => {
    const site = new AllyHashStore(dir).site(SITE);
    await site.set('_1_1', [[syllabus, { hash: 'b2xk', bytes: 1 }]]);
    await site.set('_1_1', [[{ ...syllabus, modified: '2026-11-09T10:00:00.000Z' }, { hash: 'bmV3', bytes: 2 }]]);
    const [file] = await readdir(dir);
    const contents = JSON.parse(await readFile(join(dir, file ?? ''), 'utf8')) as { files: Record<string, unknown> };
    expect(Object.keys(contents.files)).toHaveLength(1);
  });

  it('starts empty, saying so in the log, when the file is damaged (a crash leaves only a stray temporary file)', async () => {
    const site = new AllyHashStore(dir).site(SITE);
    await site.set('_1_1', [[syllabus, { hash: 'QQ==', bytes: 1 }]]);
    const [file] = await readdir(dir);
    await writeFile(join(dir, file ?? ''), '{"version":1,"files":{"["');
    await writeFile(join(dir, '.stray.tmp'), 'half a write');
    const next = new AllyHashStore(dir).site(SITE);
    expect(await next.get('_1_1', syllabus)).toBeUndefined();
    expect(logged.some((line) => line.level === 'warn' && /damaged/.test(line.message))).toBe(true);
    // The next hash kept replaces the damaged file.
    await next.set('_1_1', [[reading, { hash: 'Qg==', bytes: 2 }]]);
    expect(await new AllyHashStore(dir).site(SITE).get('_1_1', reading)).toMatchObject({ hash: 'Qg==' });
  });

  it('keeps hashes in memory only without a data folder', async () => {
    const site = new AllyHashStore().site(SITE);
    await site.set('_1_1', [[syllabus, { hash: 'QQ==', bytes: 1 }]]);
    expect(await site.get('_1_1', syllabus)).toMatchObject({ hash: 'QQ==' });
  });
});
