import type { Announcement, AnnouncementDuration, AnnouncementPatch, NewAnnouncement } from '../../../../shared/api/announcements';
import type { ChangeInput, WaitingChange } from '../../db';
import { t } from '../../ui/i18n';
import { formatList } from '../../ui/locale-format';

/**
 * Announcement changes as they wait in the outbox (scope `system`), and the list the screen shows:
 * the last-read copy with the waiting changes laid over it, each one marked, so what the user did
 * offline is visible where it will be until sync lands it and the screen reads Learn again.
 */

/** The outbox scope of every announcement change: they belong to no course. */
export const ANNOUNCEMENTS_SCOPE = 'system';

/** What a shown announcement waits for: sent as new, a change, a delete; null when nothing waits. */
export type WaitingMark = 'new' | 'changed' | 'deleting' | null;

export interface ShownAnnouncement {
  /** The announcement as it will be once its waiting changes are sent. */
  announcement: Announcement;
  mark: WaitingMark;
}

/** The words after the title ("waiting to be sent"), also part of the article's accessible name. */
export function markWords(mark: WaitingMark): string | null {
  if (mark === 'new') return t('announcements.markNew');
  if (mark === 'changed') return t('announcements.markChanged');
  if (mark === 'deleting') return t('announcements.markDeleting');
  return null;
}

/** A title to name in a sentence (the message puts the quotation marks of its language). */
export const named = (title: string | undefined): string => title ?? t('announcements.untitledWord');

export function createChange(announcement: NewAnnouncement, known: readonly Announcement[]): ChangeInput<'announcements.create'> {
  return {
    courseId: ANNOUNCEMENTS_SCOPE,
    change: { channel: 'announcements.create', request: { announcement } },
    label: t('announcements.newLabel', { title: named(announcement.title) }),
    // Replay never takes one of these for the one this change made (same title and message).
    known: known.map((a) => a.id),
  };
}

/** The change's label names what changes, in the form's words: `Change announcement “A”: title, dates`. */
export function updateChange(target: Announcement, change: AnnouncementPatch): ChangeInput<'announcements.update'> {
  const what = [
    change.title !== undefined ? t('announcements.changedTitle', { title: change.title }) : null,
    change.body !== undefined ? t('announcements.changedMessage') : null,
    change.availability !== undefined ? t('announcements.changedWhen') : null,
    change.showAtLogin !== undefined || change.showInCourses !== undefined ? t('announcements.changedWhere') : null,
  ].filter((w): w is string => w !== null);
  return {
    courseId: ANNOUNCEMENTS_SCOPE,
    change: { channel: 'announcements.update', request: { id: target.id, change } },
    label: what.length > 0 ? t('announcements.changeLabelWhat', { title: named(target.title), what: formatList(what) }) : t('announcements.changeLabel', { title: named(target.title) }),
  };
}

export function deleteChange(target: Announcement): ChangeInput<'announcements.delete'> {
  return { courseId: ANNOUNCEMENTS_SCOPE, change: { channel: 'announcements.delete', request: { id: target.id } }, label: t('announcements.deleteLabel', { title: named(target.title) }) };
}

/** The announcement as Learn will hold it after `change` (a null date clears it, an absent one keeps it). */
export function applyPatch(a: Announcement, change: AnnouncementPatch): Announcement {
  const out: Announcement = { ...a };
  if (change.title !== undefined) out.title = change.title;
  if (change.body !== undefined) out.body = change.body;
  if (change.showAtLogin !== undefined) out.showAtLogin = change.showAtLogin;
  if (change.showInCourses !== undefined) out.showInCourses = change.showInCourses;
  const sent = change.availability?.duration;
  if (sent) {
    const before: AnnouncementDuration = a.availability?.duration ?? {};
    const type = sent.type;
    const date = (v: string | null | undefined, kept: string | undefined): string | undefined => (v === null ? undefined : (v ?? kept));
    const start = type === 'Permanent' ? undefined : date(sent.start, before.start);
    const end = type === 'Permanent' ? undefined : date(sent.end, before.end);
    out.availability = { ...a.availability, duration: { type, ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) } };
  }
  return out;
}

function fromNew(id: string, n: NewAnnouncement): Announcement {
  const d = n.availability?.duration;
  return {
    id,
    title: n.title,
    body: n.body ?? '',
    availability: { duration: d ? { type: d.type, ...(d.start ? { start: d.start } : {}), ...(d.end ? { end: d.end } : {}) } : { type: 'Permanent' } },
    showAtLogin: n.showAtLogin ?? false,
    showInCourses: n.showInCourses ?? false,
  };
}

/**
 * The last-read list with the waiting changes over it, in the order they were made: a create is
 * added at the end (Learn lists by creation date), an edit shows its new values, a delete stays
 * in the list marked. A change to something no longer in the list (deleted in Learn) shows only
 * in the waiting list, where its failure will say so.
 */
export function withWaitingChanges(read: readonly Announcement[], waiting: readonly WaitingChange[]): ShownAnnouncement[] {
  const shown: ShownAnnouncement[] = read.map((announcement) => ({ announcement, mark: null }));
  const find = (id: string): ShownAnnouncement | undefined => shown.find((s) => s.announcement.id === id);
  for (const w of waiting) {
    const c = w.change;
    if (c.channel === 'announcements.create') {
      if (w.localId && !find(w.localId)) shown.push({ announcement: fromNew(w.localId, c.request.announcement), mark: 'new' });
    } else if (c.channel === 'announcements.update') {
      const s = find(c.request.id);
      if (!s) continue;
      s.announcement = applyPatch(s.announcement, c.request.change);
      if (s.mark === null) s.mark = 'changed';
    } else if (c.channel === 'announcements.delete') {
      const s = find(c.request.id);
      if (s) s.mark = 'deleting';
    }
  }
  return shown;
}

/** Whether a waiting change concerns the announcements screen (all changes of the `system` scope do today). */
export function isAnnouncementChange(w: WaitingChange): boolean {
  return w.change.channel.startsWith('announcements.');
}
