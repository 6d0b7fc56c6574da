import {
  Content,
  CreateAssignmentResult,
  FileAttachment,
  UploadedFile,
  UploadSettings,
  type CreateAssignmentRequest,
  type CreateContentRequest,
} from '../../../shared/api/content';
import { ApiError } from '../http/api-error';
import { urlForDisplay } from '../http/base-url';
import { describeFailure } from '../http/failure-text';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read } from './paging';

/**
 * Course content (seed 000): the tree, one item, a folder's children, creating items and
 * assignments, uploads, and an item's file attachments. `contentId` takes a primary id or the
 * keywords `root`, `interactive`, `indirect` (Ultra courses). Content lists take no `sort`.
 */

/** The filters Get Contents and Get Content Children share. Dates compare with `…Compare` (default greaterOrEqual). */
export interface ContentListOptions extends PageOptions<Content> {
  /** All descendants (depth first, each folder followed by its contents) instead of the immediate children. */
  recursive?: boolean;
  /** Title contains this text (any case). */
  title?: string;
  /** Exact handler id, e.g. `resource/x-bb-folder` (see CONTENT_HANDLERS). */
  contentHandler?: string;
  created?: Date | string;
  createdCompare?: 'lessThan' | 'greaterOrEqual';
  modified?: Date | string;
  modifiedCompare?: 'lessThan' | 'greaterOrEqual';
  reviewable?: boolean;
}

/** Writes to a cross-listed child course need this flag (Learn otherwise refuses them). */
export interface ContentWriteOptions extends FieldsOption<Content> {
  allowChildCourseContent?: boolean;
  signal?: AbortSignal;
}

/** A file to upload: its name (Learn derives the type from it) and its bytes. */
export interface UploadFile {
  fileName: string;
  data: Blob | Uint8Array<ArrayBuffer>;
  mimeType?: string;
}

const contents = (courseId: string) => path`/api/public/v1/courses/${courseId}/contents`;
const content = (courseId: string, contentId: string) => path`/api/public/v1/courses/${courseId}/contents/${contentId}`;
const attachment = (courseId: string, contentId: string, attachmentId: string) => path`/api/public/v1/courses/${courseId}/contents/${contentId}/attachments/${attachmentId}`;

function filters(o: ContentListOptions) {
  return { recursive: o.recursive, title: o.title, contentHandler: o.contentHandler, created: o.created, createdCompare: o.createdCompare, modified: o.modified, modifiedCompare: o.modifiedCompare, reviewable: o.reviewable };
}

export class ContentApi {
  constructor(private readonly learn: LearnHttp) {}

  /** The course's top-level items (Ultra: the children of ROOT), or with `recursive` the whole tree; all pages. */
  listContents<O extends ContentListOptions>(courseId: string, options?: O): AsyncGenerator<Read<Content, O>> {
    const o: ContentListOptions = options ?? {};
    return this.learn.list({ path: contents(courseId), query: listQuery(o, filters(o)), operation: `list the content of ${courseId}`, signal: o.signal }, itemSchema(Content, o.fields));
  }

  /** The items inside one folder (same filters as listContents); all pages. */
  listChildren<O extends ContentListOptions>(courseId: string, contentId: string, options?: O): AsyncGenerator<Read<Content, O>> {
    const o: ContentListOptions = options ?? {};
    return this.learn.list(
      { path: `${content(courseId, contentId)}/children`, query: listQuery(o, filters(o)), operation: `list what is in folder ${contentId} of ${courseId}`, signal: o.signal },
      itemSchema(Content, o.fields),
    );
  }

  getContent<O extends FieldsOption<Content> & { signal?: AbortSignal }>(courseId: string, contentId: string, options?: O): Promise<Read<Content, O>> {
    return this.learn.read(
      { method: 'GET', path: content(courseId, contentId), query: toQuery({ fields: options?.fields }), operation: `open content ${contentId} of ${courseId}`, signal: options?.signal },
      itemSchema(Content, options?.fields),
    );
  }

  /** Creates an item (201). Classic courses take only folders at the top level. A lost answer is not repeated (POST). */
  createContent(courseId: string, item: CreateContentRequest, options: ContentWriteOptions = {}): Promise<Content> {
    return this.learn.read(
      { method: 'POST', path: contents(courseId), query: writeQuery(options), json: item, operation: `create "${item.title}" in ${courseId}`, signal: options.signal },
      Content,
    );
  }

  /** Creates an assignment: the item, its grade column and (Ultra) its assessment, in one call (201). */
  createAssignment(courseId: string, assignment: CreateAssignmentRequest, options: Omit<ContentWriteOptions, 'fields'> = {}): Promise<CreateAssignmentResult> {
    return this.learn.read(
      { method: 'POST', path: `${contents(courseId)}/createAssignment`, query: writeQuery(options), json: assignment, operation: `create the assignment "${assignment.title}" in ${courseId}`, signal: options.signal },
      CreateAssignmentResult,
    );
  }

  /**
   * Uploads a file for a later createContent (`contentHandler.file.uploadId`) or createAssignment
   * (`fileUploadIds`). Learn checks size (413) and scripts in HTML (422). Never repeated (POST).
   */
  upload(file: UploadFile, options: { signal?: AbortSignal } = {}): Promise<UploadedFile> {
    const form = (): FormData => {
      const data = new FormData();
      const blob = file.data instanceof Blob ? file.data : new Blob([file.data], file.mimeType ? { type: file.mimeType } : {});
      data.set('file', blob, file.fileName);
      return data;
    };
    return this.learn.read({ method: 'POST', path: '/api/public/v1/uploads', body: form, operation: `upload ${file.fileName}`, signal: options.signal }, UploadedFile);
  }

  /** The site's upload limits (largest file). */
  uploadSettings(options: { signal?: AbortSignal } = {}): Promise<UploadSettings> {
    return this.learn.read({ method: 'GET', path: '/api/public/v1/uploads/settings', operation: 'read the upload settings', signal: options.signal }, UploadSettings);
  }

  /** The files attached to a file, document or Classic assignment; all pages. */
  listAttachments(courseId: string, contentId: string, options: PageOptions<FileAttachment> = {}): AsyncGenerator<FileAttachment> {
    return this.learn.list(
      { path: `${content(courseId, contentId)}/attachments`, query: listQuery(options), operation: `list the files of content ${contentId} of ${courseId}`, signal: options.signal },
      itemSchema(FileAttachment, options.fields),
    );
  }

  getAttachment(courseId: string, contentId: string, attachmentId: string, options: { signal?: AbortSignal } = {}): Promise<FileAttachment> {
    return this.learn.read(
      { method: 'GET', path: attachment(courseId, contentId, attachmentId), operation: `open file ${attachmentId} of content ${contentId}`, signal: options.signal },
      FileAttachment,
    );
  }

  /**
   * A short-lived signed link to an attachment's bytes (Learn answers 302). The link needs no
   * token, so it can be fetched directly or handed to Ally's "create format from URL".
   */
  async attachmentLink(courseId: string, contentId: string, attachmentId: string, options: { signal?: AbortSignal } = {}): Promise<URL> {
    const operation = `get a download link for file ${attachmentId} of content ${contentId}`;
    const apiPath = `${attachment(courseId, contentId, attachmentId)}/download`;
    const response = await this.learn.stream({ method: 'GET', path: apiPath, operation, redirect: 'manual', signal: options.signal });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, this.learn.base.origin);
    const issue = `expected a redirect to the file, got ${response.status}${location ? '' : ' without a Location'}`;
    throw new ApiError({ kind: 'invalid-response', message: describeFailure({ kind: 'invalid-response', service: 'Learn', operation, method: 'GET', issue }), method: 'GET', url: urlForDisplay(this.learn.url(apiPath)), operation });
  }
}

function writeQuery(options: ContentWriteOptions): URLSearchParams {
  return toQuery({ allowChildCourseContent: options.allowChildCourseContent, fields: options.fields });
}
