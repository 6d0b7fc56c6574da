import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { collect, learnAs } from './learn-support';

/** Every announcement operation through the client (an administrator's token). */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('announcements', () => {
  it('lists, posts, changes and deletes announcements', async () => {
    const { learn } = learnAs(sandbox, 'admin');
    const before = await collect(learn.announcements.listAnnouncements({ pageSize: 2 }));
    expect(before.length).toBeGreaterThanOrEqual(6); // the demo's, available or not
    const posted = await learn.announcements.createAnnouncement({
      title: 'Library hours over the break',
      body: '<p>Closed 24 Dec to 1 Jan.</p>',
      availability: { duration: { type: 'Restricted', start: '2026-12-15T00:00:00Z', end: '2027-01-02T00:00:00Z' } },
      showInCourses: true,
    });
    expect(posted).toMatchObject({ title: 'Library hours over the break', showInCourses: true });
    expect(await learn.announcements.getAnnouncement(posted.id, { fields: ['title'] })).toEqual({ title: 'Library hours over the break' });
    const changed = await learn.announcements.updateAnnouncement(posted.id, { title: 'Library closed over the break', availability: { duration: { type: 'Restricted', end: null } } });
    expect(changed.title).toBe('Library closed over the break');
    expect(changed.availability?.duration?.end).toBeUndefined();
    await learn.announcements.deleteAnnouncement(posted.id);
    await expect(learn.announcements.getAnnouncement(posted.id)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('shows other users only what is on display now', async () => {
    const { learn: admin } = learnAs(sandbox, 'admin');
    const { learn: instructor } = learnAs(sandbox, 'instructor');
    const all = await collect(admin.announcements.listAnnouncements());
    const shown = await collect(instructor.announcements.listAnnouncements());
    expect(shown.length).toBeLessThan(all.length);
  });
});
