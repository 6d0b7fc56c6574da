import { z } from 'zod';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { Content } from '../../../../shared/api/content';
import { invoke } from '../../bridge';
import type { RollbookDb } from '../../db';
import { KINDS, readThrough, type Shown } from './review-cache';

/**
 * The course's content tree, read lazily: the top level first, a folder's items when it is first
 * expanded (every page, through `content.children`). Each folder's read is saved for offline
 * review. The tree is shown flat (one row per visible item with its level), which is what the
 * ARIA tree pattern asks for when the DOM is not nested, and makes arrow-key moves a list walk.
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
}

export const isFolder = (item: Content): boolean => item.contentHandler?.id === 'resource/x-bb-folder' || item.hasChildren === true;

export class ContentTree {
  readonly folders = new SvelteMap<string, Shown<Content[]>>();
  readonly loading = new SvelteSet<string>();
  readonly expanded = new SvelteSet<string>();

  constructor(
    private readonly db: RollbookDb,
    private readonly courseId: string,
    private readonly online: () => boolean,
  ) {}

  /** Reads (or re-reads) one folder; TOP for the top level. */
  async load(folder: string): Promise<void> {
    this.loading.add(folder);
    try {
      const spec = { kind: KINDS.children, courseId: this.courseId, part: folder || 'top', schema: Items };
      const request = folder === TOP ? { courseId: this.courseId } : { courseId: this.courseId, folderId: folder };
      this.folders.set(folder, await readThrough(this.db, spec, this.online(), async () => (await invoke('content.children', request)).items));
    } finally {
      this.loading.delete(folder);
    }
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
      const items = this.folders.get(folder)?.value ?? [];
      items.forEach((item, i) => {
        const folderRow = isFolder(item);
        out.push({ item, parent: folder, level, position: i + 1, setSize: items.length, folder: folderRow });
        if (folderRow && this.expanded.has(item.id)) walk(item.id, level + 1);
      });
    };
    walk(TOP, 1);
    return out;
  }

  /** Every folder read so far, with its path, for "create in" choices. */
  get knownFolders(): { id: string; path: string }[] {
    const out: { id: string; path: string }[] = [];
    const walk = (folder: string, path: string): void => {
      for (const item of this.folders.get(folder)?.value ?? []) {
        if (!isFolder(item)) continue;
        const here = path ? `${path} › ${item.title}` : item.title;
        out.push({ id: item.id, path: here });
        walk(item.id, here);
      }
    };
    walk(TOP, '');
    return out;
  }
}
