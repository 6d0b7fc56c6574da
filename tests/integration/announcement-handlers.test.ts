import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { announcementHandlers } from '../../electron/core/app/announcement-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import { withSandbox } from '../support/sandbox';
import { learnAs } from './learn-support';
import { ok } from '../support/ipc-answer';

/**
 * The announcement channels through the real dispatcher and client against the sandbox: what an
 * instructor sees and may do (read only, with the reason), and an administrator's whole cycle.
 */
let sandbox: RunningSandbox;
let asInstructor: Dispatch;
let asAdmin: Dispatch;
beforeAll(async () => {
  sandbox = await withSandbox();
  const instructor = learnAs(sandbox, 'instructor').learn;
  const admin = learnAs(sandbox, 'admin').learn;
  asInstructor = createDispatcher(announcementHandlers(() => instructor) as Handlers);
  asAdmin = createDispatcher(announcementHandlers(() => admin) as Handlers);
});
afterAll(async () => {
  await sandbox.close();
});

describe('announcement channels', () => {
  it('shows an instructor the announcements shown now, and says why she may not post', async () => {
    const { announcements, rights } = await ok(call(asInstructor, 'announcements.list', {}));
    expect(announcements.length).toBeGreaterThan(2);
    expect(announcements.every((a) => a.availability?.duration?.type === 'Permanent' || Date.parse(a.availability?.duration?.end ?? '9999-01-01') > Date.now())).toBe(true);
    expect(rights).toMatchObject({ create: false, modify: false, delete: false });
    expect(rights.reason).toMatch(/^Only a Learn system administrator may post, change or delete system announcements\. Your Learn system role \(User\) may only read them/);

    // Learn agrees: a post is refused, with a message the screen can show.
    const r = await call(asInstructor, 'announcements.create', { announcement: { title: 'Not mine to post' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/403|permission|entitle/i);
  });

  it('shows an administrator every announcement, expired and scheduled ones too, with every right', async () => {
    const mine = await ok(call(asInstructor, 'announcements.list', {}));
    const { announcements, rights } = await ok(call(asAdmin, 'announcements.list', {}));
    expect(rights).toEqual({ create: true, modify: true, delete: true });
    expect(announcements.length).toBeGreaterThan(mine.announcements.length);
  });

  it('lets an administrator post, change (window, login page) and delete an announcement', async () => {
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const { announcement } = await ok(
      call(asAdmin, 'announcements.create', {
        announcement: { title: 'IPC maintenance', body: '<p>Learn is down <strong>Sunday</strong>.</p>', availability: { duration: { type: 'Restricted', start } }, showAtLogin: false, showInCourses: true },
      }),
    );
    expect(announcement).toMatchObject({ title: 'IPC maintenance', showInCourses: true, availability: { duration: { type: 'Restricted', start } } });
    // Scheduled: the instructor does not see it yet.
    expect((await ok(call(asInstructor, 'announcements.list', {}))).announcements.some((a) => a.id === announcement.id)).toBe(false);

    const { announcement: changed } = await ok(
      call(asAdmin, 'announcements.update', { id: announcement.id, change: { showAtLogin: true, availability: { duration: { type: 'Restricted', start: null, end: start } } } }),
    );
    expect(changed.showAtLogin).toBe(true);
    expect(changed.availability?.duration).toEqual({ type: 'Restricted', end: start });
    // Shown now, until its end: the instructor sees it.
    expect((await ok(call(asInstructor, 'announcements.list', {}))).announcements.find((a) => a.id === announcement.id)?.body).toBe('<p>Learn is down <strong>Sunday</strong>.</p>');

    await ok(call(asAdmin, 'announcements.delete', { id: announcement.id }));
    expect((await ok(call(asAdmin, 'announcements.list', {}))).announcements.some((a) => a.id === announcement.id)).toBe(false);
  });

  it('refuses a blank title before asking Learn', async () => {
    const r = await call(asAdmin, 'announcements.create', { announcement: { title: '   ' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe('InvalidRequest');
  });
});
