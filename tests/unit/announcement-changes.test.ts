import { describe, expect, it } from 'vitest';
import type { Announcement } from '../../shared/api/announcements';
import { QueuedChange } from '../../shared/domain/queued-change';
import type { WaitingChange } from '../../renderer/src/db';
import {
  ANNOUNCEMENTS_SCOPE,
  applyPatch,
  createChange,
  deleteChange,
  markWords,
  updateChange,
  withWaitingChanges,
  type ShownAnnouncement,
} from '../../renderer/src/features/announcements/announcement-changes';

/** Announcement changes as they wait in the outbox, and the list shown with them laid over the last read. */
const WELCOME: Announcement = { id: '_1_1', title: 'Welcome', body: '<p>Hi</p>', availability: { duration: { type: 'Permanent' } }, showAtLogin: true, showInCourses: true };
const LIBRARY: Announcement = {
  id: '_2_1',
  title: 'Library hours',
  availability: { duration: { type: 'Restricted', start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' } },
  showAtLogin: false,
  showInCourses: true,
};
const LOCAL = 'local:0b9c4c1e-1111-4222-8333-944455556666';

let n = 0;
function waiting(input: { change: QueuedChange; label: string }, localId?: string): WaitingChange {
  n++;
  return { opId: `op-${String(n).padStart(4, '0')}`, courseId: ANNOUNCEMENTS_SCOPE, at: '2026-11-23T06:00:00.000Z', change: input.change, label: input.label, state: 'pending', ...(localId ? { localId } : {}) };
}
const marks = (shown: ShownAnnouncement[]) => shown.map((s) => [s.announcement.title, s.mark]);

describe('announcement changes for the outbox', () => {
  it('are valid queued changes of the system scope, labelled in the user’s words', () => {
    const create = createChange({ title: 'Snow day', body: '<p>Closed</p>' }, [WELCOME, LIBRARY]);
    expect(create).toMatchObject({ courseId: 'system', label: 'New announcement “Snow day”', known: ['_1_1', '_2_1'] });
    const update = updateChange(WELCOME, { title: 'Welcome back', availability: { duration: { type: 'Permanent' } }, showAtLogin: false });
    expect(update.label).toBe('Change announcement “Welcome”: title to “Welcome back”, when shown, where shown');
    expect(updateChange(WELCOME, { body: '<p>x</p>' }).label).toBe('Change announcement “Welcome”: message');
    const remove = deleteChange(LIBRARY);
    expect(remove).toMatchObject({ label: 'Delete announcement “Library hours”', change: { request: { id: '_2_1' } } });
    for (const c of [create, update, remove]) expect(QueuedChange.safeParse(c.change).success).toBe(true);
  });

  it('say what waits, in words also read out as part of the name', () => {
    expect([markWords('new'), markWords('changed'), markWords('deleting'), markWords(null)]).toEqual(['waiting to be sent', 'change waiting to be sent', 'will be deleted', null]);
  });
});

describe('a patch applied to the last-read copy', () => {
  it('changes only what it sends; a null date clears it, an absent one keeps it', () => {
    expect(applyPatch(LIBRARY, { availability: { duration: { type: 'Restricted', end: null } } }).availability?.duration).toEqual({ type: 'Restricted', start: '2026-11-01T00:00:00.000Z' });
    expect(applyPatch(LIBRARY, { availability: { duration: { type: 'Restricted', start: '2026-11-05T00:00:00.000Z' } } }).availability?.duration).toEqual({
      type: 'Restricted',
      start: '2026-11-05T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    });
    expect(applyPatch(LIBRARY, { availability: { duration: { type: 'Permanent' } } }).availability?.duration).toEqual({ type: 'Permanent' });
    expect(applyPatch(WELCOME, { showInCourses: false, title: 'Hello' })).toEqual({ ...WELCOME, showInCourses: false, title: 'Hello' });
  });
});

describe('the list shown with waiting changes over it', () => {
  it('adds a create at the end, shows an edit’s new values and keeps a deleted one, marked', () => {
    const shown = withWaitingChanges(
      [WELCOME, LIBRARY],
      [
        waiting(createChange({ title: 'Snow day', showAtLogin: true }, []), LOCAL),
        waiting(updateChange(WELCOME, { title: 'Welcome back' })),
        waiting(deleteChange(LIBRARY)),
      ],
    );
    expect(marks(shown)).toEqual([
      ['Welcome back', 'changed'],
      ['Library hours', 'deleting'],
      ['Snow day', 'new'],
    ]);
    expect(shown[2]!.announcement).toEqual({ id: LOCAL, title: 'Snow day', body: '', availability: { duration: { type: 'Permanent' } }, showAtLogin: true, showInCourses: false });
  });

  it('keeps something made offline marked new through its own later edits, and marks its delete', () => {
    const made = { id: LOCAL, title: 'Snow day' };
    const edited = withWaitingChanges([], [waiting(createChange({ title: 'Snow day' }, []), LOCAL), waiting(updateChange(made, { title: 'Snow week' }))]);
    expect(marks(edited)).toEqual([['Snow week', 'new']]);
    const deleted = withWaitingChanges([], [waiting(createChange({ title: 'Snow day' }, []), LOCAL), waiting(deleteChange(made))]);
    expect(marks(deleted)).toEqual([['Snow day', 'deleting']]);
  });

  it('applies edits in the order they were made', () => {
    const shown = withWaitingChanges([WELCOME], [waiting(updateChange(WELCOME, { title: 'A' })), waiting(updateChange({ ...WELCOME, title: 'A' }, { title: 'B', showAtLogin: false }))]);
    expect(shown[0]!.announcement).toMatchObject({ title: 'B', showAtLogin: false });
  });

  it('leaves out a change to one no longer read from Learn (its failure shows in the waiting list), and changes nothing read', () => {
    const read = [WELCOME];
    const shown = withWaitingChanges(read, [waiting(updateChange(LIBRARY, { title: 'Gone' })), waiting(deleteChange(LIBRARY))]);
    expect(marks(shown)).toEqual([['Welcome', null]]);
    withWaitingChanges(read, [waiting(updateChange(WELCOME, { title: 'X' }))]);
    expect(read[0]).toBe(WELCOME);
    expect(WELCOME.title).toBe('Welcome');
  });

  it('shows a create once even if the list read from Learn already holds its local id', () => {
    const shown = withWaitingChanges([{ id: LOCAL, title: 'Snow day' }], [waiting(createChange({ title: 'Snow day' }, []), LOCAL)]);
    expect(shown).toHaveLength(1);
  });
});
