import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import { objectNotFound } from '../../core/errors';
import type { Available, HandlerJson } from './wire';

/**
 * The content of every course: the item tree, and what Create Assignment makes besides the item
 * (grade columns, Ultra assessments with their questions, Classic attachments). Ids come from the
 * directory so they never collide with users, courses or groups.
 *
 * Tree: a Classic course's top-level items have no parent; an Ultra course keeps its outline under
 * a hidden ROOT folder (creating-content.md: top-level items carry ROOT's id as `parentId`). Every
 * course, Ultra or Classic, has the three system folders the contentId keywords name (seed 000
 * convention 2 states no course type): ROOT, INTERACTIVE and INDIRECT. A Classic ROOT holds the
 * course's parentless top-level items.
 */

export type SystemFolder = 'root' | 'interactive' | 'indirect';
export const SYSTEM_FOLDERS: readonly SystemFolder[] = ['root', 'interactive', 'indirect'];

export type StoredAvailability = {
  available: Available;
  allowGuests: boolean;
  allowObservers: boolean;
  adaptiveRelease: { start?: string; end?: string };
};

export interface StoredContent {
  id: string;
  /** Primary id of the course. */
  courseId: string;
  parentId?: string;
  title: string;
  body?: string;
  description?: string;
  created: string;
  modified: string;
  launchInNewWindow: boolean;
  reviewable: boolean;
  availability: StoredAvailability;
  contentHandler: HandlerJson;
  /** Set on the hidden system folders of an Ultra course. */
  system?: SystemFolder;
  /** Bytes this item holds against the course's storage quota (text and files). */
  storedBytes: number;
}

export interface GradeColumn {
  id: string;
  courseId: string;
  contentId: string;
  name: string;
  scorePossible: number;
  due?: string;
  attemptsAllowed: number;
  unlimitedAttempts: boolean;
  gradeSchemaId: string;
}

/** An Ultra assignment's assessment: presentation questions (instructions, then one per file). */
export interface Assessment {
  id: string;
  courseId: string;
  contentId: string;
  questions: { id: string; type: 'Presentation'; text: string; uploadId?: string }[];
}

/** A file attached to a Classic item. */
export interface Attachment {
  id: string;
  contentId: string;
  fileName: string;
  mimeType: string;
  size: number;
  uploadId: string;
  /** A file linked from an Ultra document's body (BbML `data-bbfile`), not one of its attachments. */
  inBody?: true;
}

export class ContentStore {
  readonly items = new Map<string, StoredContent>();
  readonly gradeColumns = new Map<string, GradeColumn>();
  readonly assessments = new Map<string, Assessment>();
  readonly attachments = new Map<string, Attachment>();
  /** Ordered child ids by parent id; a Classic course's top level is under `top:<courseId>`. */
  readonly #children = new Map<string, string[]>();
  /** courseId -> keyword -> system folder id (Ultra courses, made on first use). */
  readonly #system = new Map<string, Map<SystemFolder, string>>();

  constructor(private readonly ctx: SandboxContext) {}

  newId(): string {
    return this.ctx.directory.newId();
  }

  /** Where a new top-level item goes: ROOT in Ultra, the course's top level in Classic. */
  topKey(course: SandboxCourse): string {
    return course.ultraStatus === 'Ultra' ? this.systemFolder(course, 'root').id : `top:${course.id}`;
  }

  /** The items directly below a parent key (a folder id or a course's top-level key), in order. */
  childrenOf(parentKey: string): StoredContent[] {
    return (this.#children.get(parentKey) ?? []).map((id) => this.items.get(id)).filter((c): c is StoredContent => c !== undefined);
  }

  /**
   * Every item below a parent key, depth first, each folder followed by its contents. An item
   * `include` refuses is skipped with its subtree; `descend` may keep an item but close it.
   */
  descendantsOf(
    parentKey: string,
    include: (item: StoredContent) => boolean = () => true,
    descend: (item: StoredContent) => boolean = () => true,
  ): StoredContent[] {
    const out: StoredContent[] = [];
    const walk = (key: string): void => {
      for (const child of this.childrenOf(key)) {
        if (!include(child)) continue;
        out.push(child);
        if (descend(child)) walk(child.id);
      }
    };
    walk(parentKey);
    return out;
  }

  /** Zero-based position among siblings. */
  positionOf(item: StoredContent): number {
    const key = item.parentId ?? `top:${item.courseId}`;
    return (this.#children.get(key) ?? []).indexOf(item.id);
  }

  /** Inserts an item at `position` (default last) below its parent; siblings after it move down. */
  insert(item: StoredContent, position?: number): StoredContent {
    const key = item.parentId ?? `top:${item.courseId}`;
    const siblings = this.#children.get(key) ?? [];
    siblings.splice(position ?? siblings.length, 0, item.id);
    this.#children.set(key, siblings);
    this.items.set(item.id, item);
    return item;
  }

  siblingCount(parentKey: string): number {
    return this.#children.get(parentKey)?.length ?? 0;
  }

  /** The sibling-list key of a folder's children: a Classic ROOT's are the course's top level. */
  childKey(course: SandboxCourse, folder: StoredContent): string {
    return folder.system === 'root' && course.ultraStatus !== 'Ultra' ? `top:${course.id}` : folder.id;
  }

  /**
   * A content id from a path: a primary id of this course, or a keyword naming a system folder
   * (any case, in any course). Another course's item is a 404, as if it did not exist.
   */
  resolve(course: SandboxCourse, contentId: string): StoredContent {
    const keyword = contentId.toLowerCase() as SystemFolder;
    if (SYSTEM_FOLDERS.includes(keyword)) return this.systemFolder(course, keyword);
    const item = this.items.get(contentId);
    if (!item || item.courseId !== course.id) throw objectNotFound(contentId);
    return item;
  }

  /** A course's system folder, made on first use with the course's creation date. */
  systemFolder(course: SandboxCourse, kind: SystemFolder): StoredContent {
    let folders = this.#system.get(course.id);
    if (!folders) {
      folders = new Map();
      this.#system.set(course.id, folders);
      for (const k of SYSTEM_FOLDERS) {
        const created = course.created ?? this.ctx.clock.iso();
        const folder: StoredContent = {
          id: this.newId(),
          courseId: course.id,
          title: k.toUpperCase(),
          created,
          modified: created,
          launchInNewWindow: false,
          reviewable: false,
          // Only ROOT is open to students; INTERACTIVE and INDIRECT hold items the outline does not show.
          availability: { available: k === 'root' ? 'Yes' : 'No', allowGuests: true, allowObservers: true, adaptiveRelease: {} },
          contentHandler: { id: 'resource/x-bb-folder' },
          system: k,
          storedBytes: 0,
        };
        this.items.set(folder.id, folder);
        folders.set(k, folder.id);
      }
    }
    return this.items.get(folders.get(kind) as string) as StoredContent;
  }

  /** The chain from the item up to its top-level ancestor (the item first). */
  ancestry(item: StoredContent): StoredContent[] {
    const chain: StoredContent[] = [item];
    let current = item;
    while (current.parentId) {
      const parent = this.items.get(current.parentId);
      if (!parent) break;
      chain.push(parent);
      current = parent;
    }
    return chain;
  }

  /** Bytes a course's content holds: item text and files, Classic attachments, Ultra question files. */
  usageOf(courseId: string): number {
    let total = 0;
    for (const item of this.items.values()) if (item.courseId === courseId) total += item.storedBytes;
    return total;
  }
}

// One store per world: `/__sandbox/reset` builds a new context, and with it a new store.
const stores = new WeakMap<SandboxContext, ContentStore>();

export function contentStore(ctx: SandboxContext): ContentStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new ContentStore(ctx);
    stores.set(ctx, store);
  }
  return store;
}
