import type { SandboxCourse } from '../../core/directory';
import type { Principal } from '../../core/tokens';
import { badRequest } from '../../core/errors';
import type { ContentStore } from './store';
import type { Upload, UploadStore } from './uploads';
import { optionalBoolean, optionalObject, optionalString } from './validation';
import { HANDLERS as CONTENT_HANDLERS, type HandlerJson } from './wire';

/**
 * The `contentHandler` of a Create Content body: which handler, and the settings that handler
 * needs (contenthandler-datatypes.md). Graded handlers are made by Create Assignment only.
 */

const TARGET_TYPES = ['Unset', 'CourseAssessment', 'CourseTOC', 'Forum', 'Tool', 'Group', 'BlogJournal', 'StaffInfo', 'ModulePage'];
const DUPLICATE_FILE_HANDLING = ['Rename', 'Replace', 'ThrowError'];

export interface ReadHandler {
  handler: HandlerJson;
  /** The upload a file item takes (consumed once the item exists). */
  upload?: Upload;
}

function absoluteUrl(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') throw badRequest(`Field '${field}' is required for this content handler: give the address to link to`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`Field '${field}' must be an absolute http or https URL, not '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`Field '${field}' must be an http or https URL, not '${url.protocol}' (${value})`);
  return value;
}

export function readHandler(
  raw: Record<string, unknown>,
  course: SandboxCourse,
  store: ContentStore,
  uploads: UploadStore,
  principal: Principal,
): ReadHandler {
  const given = optionalObject(raw, 'contentHandler');
  // No handler: a plain document, Learn's base content type.
  if (!given) return { handler: { id: CONTENT_HANDLERS.document } };
  const id = optionalString(given, 'id');
  if (!id) throw badRequest("Field 'contentHandler.id' is required when contentHandler is sent (for example resource/x-bb-folder)");
  switch (id) {
    case CONTENT_HANDLERS.document:
      return { handler: { id } };
    case CONTENT_HANDLERS.folder: {
      const isBbPage = optionalBoolean(given, 'isBbPage');
      return { handler: { id, ...(isBbPage !== undefined ? { isBbPage } : {}) } };
    }
    case CONTENT_HANDLERS.externalLink:
      return { handler: { id, url: absoluteUrl(optionalString(given, 'url'), 'contentHandler.url') } };
    case CONTENT_HANDLERS.ltiLink:
      return { handler: { id, url: absoluteUrl(optionalString(given, 'url'), 'contentHandler.url') } };
    case CONTENT_HANDLERS.courseLink: {
      const targetId = optionalString(given, 'targetId');
      const targetType = optionalString(given, 'targetType') ?? 'Unset';
      if (!TARGET_TYPES.includes(targetType)) throw badRequest(`Field 'contentHandler.targetType' must be one of ${TARGET_TYPES.join(', ')}, not '${targetType}'`);
      const target = targetId ? store.items.get(targetId) : undefined;
      if (!target || target.courseId !== course.id) {
        throw badRequest(`Field 'contentHandler.targetId' must name an item of course ${course.courseId}; '${targetId ?? ''}' does not`);
      }
      return { handler: { id, targetId: target.id, targetType } };
    }
    case CONTENT_HANDLERS.file:
      return readFileHandler(given, uploads, principal);
    case CONTENT_HANDLERS.ultraAssessment:
    case CONTENT_HANDLERS.classicAssignment:
      throw badRequest(`Content handler ${id} is graded: create it with POST /learn/api/public/v1/courses/${course.courseId}/contents/createAssignment`);
    case CONTENT_HANDLERS.forumLink:
      throw badRequest(`Content handler ${id} links a discussion, and the sandbox has no discussions: use a document or an external link`);
    default:
      throw badRequest(`Unknown content handler '${id}'. Supported: ${Object.values(CONTENT_HANDLERS).join(', ')}`);
  }
}

function readFileHandler(given: Record<string, unknown>, uploads: UploadStore, principal: Principal): ReadHandler {
  const file = optionalObject(given, 'file');
  const uploadId = file ? optionalString(file, 'uploadId') : undefined;
  if (!file || !uploadId) {
    throw badRequest("A resource/x-bb-file item needs contentHandler.file.uploadId: POST the file to /learn/api/public/v1/uploads first");
  }
  const upload = uploads.usable(uploadId, principal, 'contentHandler.file.uploadId');
  const fileName = optionalString(file, 'fileName') ?? upload.fileName;
  if (fileName.trim() === '' || /[\\/]/.test(fileName)) throw badRequest(`Field 'contentHandler.file.fileName' must be a plain file name, not '${fileName}'`);
  const duplicate = optionalString(file, 'duplicateFileHandling');
  if (duplicate !== undefined && !DUPLICATE_FILE_HANDLING.includes(duplicate)) {
    throw badRequest(`Field 'contentHandler.file.duplicateFileHandling' must be one of ${DUPLICATE_FILE_HANDLING.join(', ')}, not '${duplicate}'`);
  }
  return { handler: { id: CONTENT_HANDLERS.file, file: { fileName, mimeType: upload.mimeType } }, upload };
}
