import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementHandlers } from '../../electron/core/app/announcement-handlers';
import { courseAnnouncementHandlers } from '../../electron/core/app/course-announcement-handlers';
import { calendarHandlers } from '../../electron/core/app/calendar-handlers';
import { changeWriter } from '../../electron/core/app/change-writer';
import { contentHandlers } from '../../electron/core/app/content-handlers';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import type { LearnClient } from '../../electron/core/learn/learn-client';
import { createSyncEngine, type SyncEngine } from '../../electron/core/sync/sync-engine';
import type { RunningSandbox } from '../../sandbox/server';
import type { OpResult, OutboxOp } from '../../shared/domain/outbox';
import { newLocalId, withLearnIds, type QueuedChange } from '../../shared/domain/queued-change';
import { configureLogger } from '../../shared/logger';
import { bigSandbox, collect, learnAs, PSYC, setFaults } from './learn-support';

/**
 * Random content changes made offline (folders, pages inside folders made offline, release rules
 * on those pages and their renames, calendar events, announcements), then syncs under random
 * faults: answers lost after Learn applied a write, 5xx, 429, and "crashes" (a push whose results
 * are lost, so the same ops are sent again). When the faults stop, Learn holds exactly what the
 * user made: every create once, every rename applied, nothing doubled.
 */

type ChangeOp = Extract<OutboxOp, { kind: 'change' }>;
let sandbox: RunningSandbox;
let instructor: { learn: LearnClient; engine: SyncEngine };
let admin: { learn: LearnClient; engine: SyncEngine };

function setUp(who: string): { learn: LearnClient; engine: SyncEngine } {
  const { learn } = learnAs(sandbox, who);
  const write = changeWriter({ ...contentHandlers(() => learn), ...calendarHandlers(() => learn), ...announcementHandlers(() => learn), ...courseAnnouncementHandlers(() => learn) });
  return { learn, engine: createSyncEngine({ learn, writeChange: write, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 2 } }) };
}

beforeAll(async () => {
  configureLogger({ level: 'error' });
  sandbox = await bigSandbox();
  instructor = setUp('instructor');
  admin = setUp('admin');
});
afterAll(async () => {
  configureLogger({ level: 'info' });
  await sandbox.close();
});

const step = fc.oneof(
  { arbitrary: fc.constant({ a: 'folder' as const }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant('page' as const), in: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ a: fc.constant('rule' as const), on: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant('rename' as const), of: fc.nat() }), weight: 2 },
  { arbitrary: fc.constant({ a: 'event' as const }), weight: 1 },
  { arbitrary: fc.constant({ a: 'announcement' as const }), weight: 1 },
);
const sync = fc.record({ drop: fc.constantFrom(0, 0.3, 0.6), errors: fc.constantFrom(0, 0.2), crash: fc.boolean(), seed: fc.integer({ min: 1, max: 1_000_000 }) });

let run = 0;

describe('content changes under random faults (property)', () => {
  it('end with Learn holding each thing made exactly once, with every rename applied', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), fc.array(sync, { minLength: 1, maxLength: 4 }), async (steps, syncs) => {
        run++;
        const tag = `P${run}-${Date.now().toString(36)}`;
        const ops: ChangeOp[] = [];
        const folders: { localId: string; title: string }[] = [];
        const pages: { localId: string; title: string; folder: number }[] = [];
        const rules: { localId: string; page: number; title: string }[] = [];
        let n = 0;
        const add = (courseId: string, change: QueuedChange, label: string, localId?: string): void => {
          ops.push({ opId: `${tag}-${String(++n).padStart(3, '0')}`, kind: 'change', courseId, at: new Date().toISOString(), change, label, ...(localId ? { localId, known: [] } : {}) });
        };
        for (const s of steps) {
          if (s.a === 'folder' || (s.a === 'page' && folders.length === 0)) {
            const f = { localId: newLocalId(), title: `${tag} folder ${folders.length}` };
            folders.push(f);
            add(PSYC, { channel: 'content.create', request: { courseId: PSYC, kind: 'folder', title: f.title } }, `New folder "${f.title}"`, f.localId);
          } else if (s.a === 'page') {
            const folder = s.in % folders.length;
            const p = { localId: newLocalId(), title: `${tag} page ${pages.length}`, folder };
            pages.push(p);
            add(PSYC, { channel: 'content.create', request: { courseId: PSYC, parentId: folders[folder]!.localId, kind: 'document', title: p.title } }, `New page "${p.title}"`, p.localId);
          } else if (s.a === 'rule') {
            // Learn allows one rule per item: only pages without one get a rule.
            const free = pages.map((_, i) => i).filter((i) => !rules.some((r) => r.page === i));
            if (free.length === 0) continue;
            const page = free[s.on % free.length]!;
            const r = { localId: newLocalId(), page, title: `${tag} rule ${rules.length}` };
            rules.push(r);
            add(PSYC, { channel: 'adaptiveRelease.createRule', request: { courseId: PSYC, contentId: pages[page]!.localId, title: r.title } }, `New rule "${r.title}"`, r.localId);
          } else if (s.a === 'rename') {
            if (rules.length === 0) continue;
            const r = rules[s.of % rules.length]!;
            r.title = `${r.title}+`;
            add(PSYC, { channel: 'adaptiveRelease.renameRule', request: { courseId: PSYC, contentId: pages[r.page]!.localId, ruleId: r.localId, title: r.title } }, `Rename rule to "${r.title}"`);
          } else if (s.a === 'event') {
            const start = new Date(Date.UTC(2026, 11, 1 + (run % 20), 9, n)).toISOString();
            add('PERSONAL', { channel: 'calendar.create', request: { item: { type: 'Personal', calendarId: 'PERSONAL', title: `${tag} event ${n}`, start, end: new Date(Date.parse(start) + 3_600_000).toISOString() } } }, `New event ${n}`, newLocalId());
          } else {
            add('system', { channel: 'announcements.create', request: { announcement: { title: `${tag} note ${n}`, body: `<p>${tag}</p>` } } }, `New announcement ${n}`, newLocalId());
          }
        }

        // The outbox as the store keeps it: done ops leave, a done create's id is mapped in the rest.
        let waiting = [...ops];
        const ids = new Map<string, string>();
        const apply = (results: OpResult[]): void => {
          for (const r of results) if (r.outcome === 'done' && r.createdId) ids.set(waiting.find((o) => o.opId === r.opId)!.localId!, r.createdId);
          const left = new Set(results.filter((r) => r.outcome === 'failed').map((r) => r.opId));
          waiting = waiting.filter((o) => left.has(o.opId)).map((o) => ({ ...o, change: withLearnIds(o.change, ids) }));
        };
        const pushAll = async (): Promise<OpResult[]> => {
          const content = waiting.filter((o) => o.courseId === PSYC);
          const system = waiting.filter((o) => o.courseId !== PSYC);
          return [...(content.length ? await instructor.engine.push(content) : []), ...(system.length ? await admin.engine.push(system) : [])];
        };
        for (const s of syncs) {
          await setFaults(sandbox, { dropAfterApplyRate: s.drop, serverErrorRate: s.errors, seed: s.seed, pathPattern: '(contents|children|rules|calendars/items|announcements)' });
          const results = await pushAll();
          if (!s.crash) apply(results); // a crash loses the results: the same ops go again
        }
        await setFaults(sandbox, { dropAfterApplyRate: 0, serverErrorRate: 0 });
        for (let i = 0; i < 3 && waiting.length > 0; i++) apply(await pushAll());
        expect(waiting.map((o) => o.label)).toEqual([]);

        // Learn holds each thing once, where it was made, with the last title given.
        const learn = instructor.learn;
        const top = (await collect(learn.content.listContents(PSYC))).filter((c) => c.title.startsWith(tag));
        expect(top.map((c) => c.title).sort()).toEqual(folders.map((f) => f.title).sort());
        for (const [i, f] of folders.entries()) {
          const inside = await collect(learn.content.listChildren(PSYC, top.find((c) => c.title === f.title)!.id));
          expect(inside.map((c) => c.title).sort()).toEqual(pages.filter((p) => p.folder === i).map((p) => p.title).sort());
          for (const c of inside) {
            const page = pages.findIndex((p) => p.title === c.title);
            const held = await collect(learn.adaptiveRelease.listRules(PSYC, c.id));
            expect(held.map((r) => r.title)).toEqual(rules.filter((r) => r.page === page).map((r) => r.title));
          }
        }
        const events = (await collect(admin.learn.calendar.listCalendarItems({ since: new Date('2026-12-01T00:00:00Z'), until: new Date('2026-12-31T00:00:00Z'), type: 'Personal' }))).filter((e) => e.title?.startsWith(tag));
        expect(events).toHaveLength(steps.filter((s) => s.a === 'event').length);
        const notes = (await collect(admin.learn.announcements.listAnnouncements())).filter((a) => a.title?.startsWith(tag));
        expect(notes).toHaveLength(steps.filter((s) => s.a === 'announcement').length);
      }),
      { numRuns: 12, seed: 20261123 },
    );
    // The runs did meet the faults they were meant to survive.
    const { injected } = (await (await sandbox.controlFetch(`/__sandbox/faults`)).json()) as { injected: { serverError: number; dropped: number } };
    expect(injected.dropped).toBeGreaterThan(5);
    expect(injected.serverError).toBeGreaterThan(5);
  });
});
