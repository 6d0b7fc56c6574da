import { z } from 'zod';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { Content } from '../../../../shared/api/content';
import { isLocalId } from '../../../../shared/domain/queued-change';
import { invoke } from '../../bridge';
import type { RollbookDb, WaitingChange } from '../../db';
import { knownIds } from './change-labels';
import { KINDS, readThrough, type Shown } from './review-cache';
import { waitingItems, type WaitingItem } from './waiting-overlay';

/**
 * The course's content tree, read lazily: the top level first, a folder's items when it is first
 * expanded (every page, through `content.children`). Each folder's read is saved for offline
 * review. The tree is shown flat (one row per visible item with its level), which is what the
 * ARIA tree pattern asks for when the DOM is not nested, and makes arrow-key moves a list walk.
 * Items created on this device and not yet sent show after each folder's items, by their local
 * id, marked waiting; a folder made offline has no Learn read, only its waiting items.
 */

export const TOP = '';
const Items = z.array(Content);

export interface TreeRow {
  item: Content;
  /** The folder the row sits in (TOP for the top level). */
  parent: string;
  level: number;
  position: number;
  setSize: number;
  folder: boolean;
  /** Set for an item created on this device and not yet in Learn. */
  waiting?: WaitingChange;
}

export const isFolder = (item: Content): boolean => item.contentHandler?.id === 'resource/x-bb-folder' || item.hasChildren === true;

export class ContentTree {
  readonly folders = new SvelteMap<string, Shown<Content[]>>();
  readonly loading = new SvelteSet<string>();
  readonly expanded = new SvelteSet<string>();
  /** The latest read started per folder: an older answer arriving late must not replace a newer one. */
  readonly #reads: Record<string, number> = {};

  constructor(
    private readonly db: RollbookDb,
    private readonly courseId: string,
    private readonly online: () => boolean,
    private readonly waiting: () => readonly WaitingChange[] = () => [],
    private readonly ultra = true,
  ) {}

  /** Reads (or re-reads) one folder; TOP for the top level. A folder made offline has nothing to read. */
  async load(folder: string): Promise<void> {
    if (isLocalId(folder)) return;
    const read = (this.#reads[folder] ?? 0) + 1;
    this.#reads[folder] = read;
    this.loading.add(folder);
    try {
      const spec = { kind: KINDS.children, courseId: this.courseId, part: folder || 'top', schema: Items };
      const request = folder === TOP ? { courseId: this.courseId } : { courseId: this.courseId, folderId: folder };
      const shown = await readThrough(this.db, spec, this.online(), async () => (await invoke('content.children', request)).items);
      if (this.#reads[folder] === read) this.folders.set(folder, shown);
    } finally {
      if (this.#reads[folder] === read) this.loading.delete(folder);
    }
  }

  /** Re-reads the top level and every open folder (after waiting changes reached Learn). */
  async reload(): Promise<void> {
    await Promise.all([TOP, ...[...this.expanded].filter((id) => !isLocalId(id))].map((f) => this.load(f)));
  }

  /** Items created on this device, not yet in Learn. */
  get pending(): WaitingItem[] {
    return waitingItems(this.waiting(), this.ultra);
  }

  /** A folder's items as last read plus those waiting to go in it. */
  itemsIn(folder: string): { item: Content; waiting?: WaitingChange }[] {
    const read = (this.folders.get(folder)?.value ?? []).map((item) => ({ item }));
    const queued = this.pending.filter((p) => p.parent === folder).map((p) => ({ item: p.item, waiting: p.change }));
    return [...read, ...queued];
  }

  /** The Learn ids in a folder as last read: a create there never takes one of them for its own. */
  knownIn(folder: string): string[] {
    return knownIds(this.folders.get(folder)?.value);
  }

  /** Opens or closes a folder; its items are read the first time it opens. */
  async toggle(item: Content): Promise<void> {
    if (this.expanded.has(item.id)) {
      this.expanded.delete(item.id);
      return;
    }
    this.expanded.add(item.id);
    if (!this.folders.get(item.id)?.value) await this.load(item.id);
  }

  /** The visible rows, depth first. */
  get rows(): TreeRow[] {
    const out: TreeRow[] = [];
    const walk = (folder: string, level: number): void => {
      const items = this.itemsIn(folder);
      items.forEach(({ item, waiting }, i) => {
        const folderRow = isFolder(item);
        out.push({ item, parent: folder, level, position: i + 1, setSize: items.length, folder: folderRow, ...(waiting ? { waiting } : {}) });
        if (folderRow && this.expanded.has(item.id)) walk(item.id, level + 1);
      });
    };
    walk(TOP, 1);
    return out;
  }

  /** Every folder read so far, with its path (of titles) and whether it waits to be sent, for "create in" choices. */
  get knownFolders(): { id: string; path: string; waiting?: true }[] {
    const out: { id: string; path: string; waiting?: true }[] = [];
    const walk = (folder: string, path: string): void => {
      for (const { item, waiting } of this.itemsIn(folder)) {
        if (!isFolder(item)) continue;
        const here = path ? `${path} › ${item.title}` : item.title;
        out.push({ id: item.id, path: here, ...(waiting ? { waiting: true as const } : {}) });
        walk(item.id, here);
      }
    };
    walk(TOP, '');
    return out;
  }
}
