import type { Criterion } from '../../../../shared/api/adaptive-release';
import { CONTENT_HANDLERS, type Content } from '../../../../shared/api/content';
import type { QueuedChange } from '../../../../shared/domain/queued-change';
import type { Members, RuleWithCriteria } from '../../../../shared/ipc/content-channels';
import type { WaitingChange } from '../../db';
import { t } from '../../ui/i18n';

/**
 * Content changes waiting for Learn, laid over what this device last read from Learn: the screens
 * show the course as it will be once sync sends them. A create appears where it will be (by its
 * local id), an edit shows its new value, a delete stays visible, marked. Pure, so the rules of
 * the overlay are tested without a browser.
 */

/** What a waiting change does to the thing shown. */
export type Mark = 'new' | 'changed' | 'deleted';
export interface Pending {
  mark: Mark;
  /** Learn refused (or could not take) a change of this thing: the waiting list says why. */
  failed: boolean;
}

/** The words a waiting thing carries, visible and in its accessible name. */
export function markText(pending: Pending | null): string | null {
  if (!pending) return null;
  if (pending.failed) return t('release.markFailed');
  return t(pending.mark === 'new' ? 'release.markNew' : pending.mark === 'deleted' ? 'release.markDeleted' : 'release.markChanged');
}

function marked(was: Pending | null, mark: Mark, failed: boolean): Pending {
  // Changing something that is itself new keeps it "new": Learn has never seen it.
  const next = mark === 'changed' && was?.mark === 'new' ? 'new' : mark;
  return { mark: next, failed: failed || (was?.failed ?? false) };
}

/** The item a release change concerns (its `contentId`), or undefined for other changes. */
export function itemOf(change: QueuedChange): string | undefined {
  return change.channel.startsWith('adaptiveRelease.') && 'contentId' in change.request ? change.request.contentId : undefined;
}

/** A content create waiting, as the tree shows it. */
export interface WaitingItem {
  item: Content;
  /** The folder it goes in: a Learn id, a local id (a folder made offline too), or '' for the top level. */
  parent: string;
  change: WaitingChange;
}

/** The items and assignments created on this device and not yet in Learn, as Learn will hold them. */
export function waitingItems(waiting: readonly WaitingChange[], ultra: boolean): WaitingItem[] {
  return waiting.flatMap((w): WaitingItem[] => {
    const { change } = w;
    if (!w.localId) return [];
    if (change.channel === 'content.create') {
      const r = change.request;
      const handler = r.kind === 'folder' ? CONTENT_HANDLERS.folder : r.kind === 'link' ? CONTENT_HANDLERS.externalLink : CONTENT_HANDLERS.document;
      const item: Content = {
        id: w.localId,
        title: r.title,
        created: w.at,
        contentHandler: { id: handler, ...(r.url ? { url: r.url } : {}) },
        availability: { available: r.available ?? 'Yes' },
        ...(r.parentId ? { parentId: r.parentId } : {}),
        ...(r.body ? { body: r.body } : {}),
      };
      return [{ item, parent: r.parentId ?? '', change: w }];
    }
    if (change.channel === 'content.createAssignment') {
      const r = change.request;
      const item: Content = {
        id: w.localId,
        title: r.title,
        created: w.at,
        contentHandler: { id: ultra ? CONTENT_HANDLERS.ultraAssessment : CONTENT_HANDLERS.classicAssignment },
        ...(r.parentId ? { parentId: r.parentId } : {}),
        ...(r.instructions ? { body: r.instructions } : {}),
      };
      return [{ item, parent: r.parentId ?? '', change: w }];
    }
    return [];
  });
}

export interface ShownCriterion {
  criterion: Criterion;
  pending: Pending | null;
}
export interface ShownRule {
  id: string;
  title: string;
  /** Learn's title while a rename waits. */
  learnTitle?: string;
  criteria: ShownCriterion[];
  pending: Pending | null;
}

/** An item's rules as last read, with its waiting release changes applied in the order made. */
export function overlayRules(rules: readonly RuleWithCriteria[], waiting: readonly WaitingChange[], contentId: string): ShownRule[] {
  const out: ShownRule[] = rules.map((r) => ({ id: r.id, title: r.title, pending: null, criteria: r.criteria.map((criterion) => ({ criterion, pending: null })) }));
  const ruleOf = (id: string): ShownRule | undefined => out.find((r) => r.id === id);
  const criterionOf = (ruleId: string, id: string): ShownCriterion | undefined => ruleOf(ruleId)?.criteria.find((c) => c.criterion.id === id);
  for (const w of waiting) {
    const c = w.change;
    if (itemOf(c) !== contentId) continue;
    const failed = w.state === 'failed';
    switch (c.channel) {
      case 'adaptiveRelease.createRule':
        if (w.localId) out.push({ id: w.localId, title: c.request.title, criteria: [], pending: { mark: 'new', failed } });
        break;
      case 'adaptiveRelease.renameRule': {
        const rule = ruleOf(c.request.ruleId);
        if (!rule) break;
        if (rule.pending?.mark !== 'new') rule.learnTitle ??= rule.title;
        rule.title = c.request.title;
        rule.pending = marked(rule.pending, 'changed', failed);
        break;
      }
      case 'adaptiveRelease.deleteRule': {
        const rule = ruleOf(c.request.ruleId);
        if (rule) rule.pending = marked(rule.pending, 'deleted', failed);
        break;
      }
      case 'adaptiveRelease.createCriterion': {
        const rule = ruleOf(c.request.ruleId);
        // The input has the criterion's fields; the local id stands in for Learn's until it lands.
        if (rule && w.localId) rule.criteria.push({ criterion: { id: w.localId, ...c.request.criterion }, pending: { mark: 'new', failed } });
        break;
      }
      case 'adaptiveRelease.updateCriterion': {
        const shown = criterionOf(c.request.ruleId, c.request.criterionId);
        if (!shown) break;
        shown.criterion = { ...shown.criterion, ...c.request.change };
        shown.pending = marked(shown.pending, 'changed', failed);
        break;
      }
      case 'adaptiveRelease.deleteCriterion': {
        const shown = criterionOf(c.request.ruleId, c.request.criterionId);
        if (shown) shown.pending = marked(shown.pending, 'deleted', failed);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** A members criterion's lists as last read, with the waiting replacements applied (the last one wins). */
export function overlayMembers(members: Members, waiting: readonly WaitingChange[], criterionId: string): { members: Members; users: Pending | null; groups: Pending | null } {
  let out = { ...members };
  let users: Pending | null = null;
  let groups: Pending | null = null;
  for (const w of waiting) {
    const c = w.change;
    const failed = w.state === 'failed';
    if (c.channel === 'adaptiveRelease.setUsers' && c.request.criterionId === criterionId) {
      out = { ...out, userIds: c.request.userIds };
      users = marked(users, 'changed', failed);
    } else if (c.channel === 'adaptiveRelease.setGroups' && c.request.criterionId === criterionId) {
      out = { ...out, groupIds: c.request.groupIds };
      groups = marked(groups, 'changed', failed);
    }
  }
  return { members: out, users, groups };
}
