import type { SandboxCourse } from '../../core/directory';
import type { Rng } from '../../core/rng';
import type { DemoFile } from '../../demo/files';
import type { ContentStore, GradeColumn, StoredContent } from './store';
import { textBytes } from './storage-quota';
import { demoFileContent } from '../ally/demo-files';
import type { Available } from './wire';

/**
 * Builds one course's demo tree with believable dates: items were written in August 2026 before
 * term and some edited since. Everything is drawn from the content module's own random stream,
 * so the tree is the same on every run with the same seed.
 */

const AUTHORED_FROM = Date.parse('2026-08-03T08:00:00.000Z');
const LAST_EDIT = Date.parse('2026-11-20T17:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

export interface ItemOptions {
  description?: string;
  available?: Available;
  allowGuests?: boolean;
  reviewable?: boolean;
  launchInNewWindow?: boolean;
  start?: string;
  end?: string;
}

export class DemoTree {
  constructor(
    private readonly store: ContentStore,
    readonly course: SandboxCourse,
    private readonly rng: Rng,
  ) {}

  #dates(): { created: string; modified: string } {
    const created = AUTHORED_FROM + this.rng.int(0, 26) * DAY + this.rng.int(0, 10 * 60) * 60 * 1000;
    // A third of the items were edited during term.
    const modified = this.rng.chance(0.33) ? Math.min(LAST_EDIT, created + this.rng.int(3, 100) * DAY) : created;
    return { created: new Date(created).toISOString(), modified: new Date(modified).toISOString() };
  }

  #add(parent: StoredContent | undefined, title: string, handler: StoredContent['contentHandler'], options: ItemOptions, body?: string, fileBytes = 0): StoredContent {
    const parentId = parent?.id ?? (this.course.ultraStatus === 'Ultra' ? this.store.systemFolder(this.course, 'root').id : undefined);
    const item: StoredContent = {
      id: this.store.newId(),
      courseId: this.course.id,
      ...(parentId ? { parentId } : {}),
      title,
      ...(body !== undefined ? { body } : {}),
      ...(options.description !== undefined ? { description: options.description } : {}),
      ...this.#dates(),
      launchInNewWindow: options.launchInNewWindow ?? false,
      reviewable: options.reviewable ?? false,
      availability: {
        available: options.available ?? 'Yes',
        allowGuests: options.allowGuests ?? true,
        allowObservers: true,
        adaptiveRelease: { ...(options.start ? { start: options.start } : {}), ...(options.end ? { end: options.end } : {}) },
      },
      contentHandler: handler,
      storedBytes: textBytes(title, body, options.description) + fileBytes,
    };
    return this.store.insert(item);
  }

  folder(parent: StoredContent | undefined, title: string, options: ItemOptions = {}): StoredContent {
    return this.#add(parent, title, { id: 'resource/x-bb-folder' }, options);
  }

  /** An Ultra document: a page folder holding its body as a document item (contenthandler-datatypes.md). */
  page(parent: StoredContent | undefined, title: string, body: string, options: ItemOptions = {}): StoredContent {
    const page = this.#add(parent, title, { id: 'resource/x-bb-folder', isBbPage: true }, options);
    this.#add(page, title, { id: 'resource/x-bb-document' }, {}, body);
    return page;
  }

  document(parent: StoredContent | undefined, title: string, body: string, options: ItemOptions = {}): StoredContent {
    return this.#add(parent, title, { id: 'resource/x-bb-document' }, options, body);
  }

  link(parent: StoredContent | undefined, title: string, url: string, options: ItemOptions = {}): StoredContent {
    return this.#add(parent, title, { id: 'resource/x-bb-externallink', url }, { launchInNewWindow: true, ...options });
  }

  /** A file item for a demo file, with the attachment its download link points at. */
  file(parent: StoredContent, file: DemoFile, options: ItemOptions = {}): StoredContent {
    // The Ally module generates the demo files' bytes; the download serves those very bytes.
    const size = demoFileContent(file.name)?.bytes.length ?? 0;
    const item = this.#add(parent, file.name, { id: 'resource/x-bb-file', file: { fileName: file.name, mimeType: file.mimeType } }, options, undefined, size);
    const attachmentId = this.store.newId();
    this.store.attachments.set(attachmentId, { id: attachmentId, contentId: item.id, fileName: file.name, mimeType: file.mimeType, size, uploadId: `demo-${attachmentId}` });
    return item;
  }

  /**
   * Links a demo file from an Ultra document's body as the Ultra editor writes it: an anchor whose
   * `data-bbfile` names the file (BbML page) and whose href is Learn's embedded-file stub followed
   * by the file's `bbcswebdav/xid-` path (the Swagger's BbML example). No attachment is listed for it.
   */
  linkInBody(document: StoredContent | undefined, file: DemoFile): void {
    if (!document || document.contentHandler.id !== 'resource/x-bb-document') throw new Error(`Demo file '${file.name}' names a document its folder does not have`);
    const size = demoFileContent(file.name)?.bytes.length ?? 0;
    const attachmentId = this.store.newId();
    this.store.attachments.set(attachmentId, { id: attachmentId, contentId: document.id, fileName: file.name, mimeType: file.mimeType, size, uploadId: `demo-${attachmentId}`, inBody: true });
    const bbfile = JSON.stringify({ render: 'inline', linkName: file.name, mimeType: file.mimeType }).replace(/"/g, '&quot;');
    const name = file.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    document.body = `${document.body ?? ''}<p><a href="${EMBEDDED_FILE_STUB}bbcswebdav/${xidOf(attachmentId)}" data-bbfile="${bbfile}">${name}</a></p>`;
    document.storedBytes += size;
  }

  #column(item: StoredContent, possible: number, due?: string): GradeColumn {
    const column: GradeColumn = {
      id: this.store.newId(),
      courseId: this.course.id,
      contentId: item.id,
      name: item.title,
      scorePossible: possible,
      ...(due ? { due } : {}),
      attemptsAllowed: 1,
      unlimitedAttempts: false,
      gradeSchemaId: 'Score',
    };
    this.store.gradeColumns.set(column.id, column);
    return column;
  }

  /** An Ultra test or assignment: asmt-test-link item, assessment with its instructions, grade column. */
  ultraAssessment(parent: StoredContent | undefined, title: string, possible: number, instructions: string, options: ItemOptions & { due?: string } = {}): { item: StoredContent; column: GradeColumn } {
    const assessmentId = this.store.newId();
    const item = this.#add(parent, title, { id: 'resource/x-bb-asmt-test-link', assessmentId }, options);
    const column = this.#column(item, possible, options.due);
    item.contentHandler.gradeColumnId = column.id;
    this.store.assessments.set(assessmentId, { id: assessmentId, courseId: this.course.id, contentId: item.id, questions: [{ id: this.store.newId(), type: 'Presentation', text: instructions }] });
    return { item, column };
  }

  /** A Classic assignment: the instructions are its body. */
  classicAssignment(parent: StoredContent, title: string, possible: number, instructions: string, options: ItemOptions & { due?: string } = {}): { item: StoredContent; column: GradeColumn } {
    const item = this.#add(parent, title, { id: 'resource/x-bb-assignment', groupContent: false }, options, instructions);
    const column = this.#column(item, possible, options.due);
    item.contentHandler.gradeColumnId = column.id;
    return { item, column };
  }
}

/** Learn's placeholder for its own address in a body's file links (the Swagger's BbML example: `@X@EmbeddedFile.requestUrlStub@X@bbcswebdav/xid-1217_1`). */
export const EMBEDDED_FILE_STUB = '@X@EmbeddedFile.requestUrlStub@X@';

/** The file-store name of an attachment id (`_42_1` -> `xid-42_1`), as Learn's bbcswebdav paths carry it. */
export const xidOf = (attachmentId: string): string => `xid-${attachmentId.replace(/^_|_1$/g, '')}_1`;

/** Monday of teaching week `n` (1-based) of Fall 2026, 08:00 UTC: weeks start on 31 August. */
export function weekStart(n: number): string {
  return new Date(Date.parse('2026-08-31T08:00:00.000Z') + (n - 1) * 7 * DAY).toISOString();
}

/** Friday 23:59 UTC of teaching week `n`: the usual due time. */
export function weekDue(n: number): string {
  return new Date(Date.parse('2026-09-04T23:59:00.000Z') + (n - 1) * 7 * DAY).toISOString();
}
