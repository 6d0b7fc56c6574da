import { z } from 'zod';
import { DateTime, pagedEnvelope } from './common';

/**
 * Course content as Learn serves it (seed 000 "Content item"; Swagger `ContentV1`, release
 * 3900.121.0): the content tree, the create-assignment answer, and the uploads endpoint.
 * Readers: tolerant of fields the seed does not show (loose objects), strict on the values the
 * app acts on (ids, the availability enum, dates).
 */

/** Limits the service enforces (seed "Limits"); the app checks them before sending. */
export const CONTENT_DESCRIPTION_MAX = 750;

/** Handler ids Learn publicly supports (contenthandler-datatypes.md), `bb` being the vendor. */
export const CONTENT_HANDLERS = {
  document: 'resource/x-bb-document',
  externalLink: 'resource/x-bb-externallink',
  folder: 'resource/x-bb-folder',
  courseLink: 'resource/x-bb-courselink',
  forumLink: 'resource/x-bb-forumlink',
  ltiLink: 'resource/x-bb-blti-link',
  file: 'resource/x-bb-file',
  ultraAssessment: 'resource/x-bb-asmt-test-link',
  classicAssignment: 'resource/x-bb-assignment',
} as const;

/** `Yes`, `No` or `PartiallyVisible` (title shown, body hidden): the app shows students' view from it. */
export const ContentAvailable = z.enum(['Yes', 'No', 'PartiallyVisible']);
export type ContentAvailable = z.infer<typeof ContentAvailable>;

export const ContentAdaptiveRelease = z.looseObject({
  start: DateTime.optional(),
  end: DateTime.optional(),
});
export type ContentAdaptiveRelease = z.infer<typeof ContentAdaptiveRelease>;

/** Students do not get `available`, `allowGuests`, `allowObservers` or `adaptiveRelease`: all optional. */
export const ContentAvailability = z.looseObject({
  available: ContentAvailable.optional(),
  allowGuests: z.boolean().optional(),
  allowObservers: z.boolean().optional(),
  adaptiveRelease: ContentAdaptiveRelease.optional(),
});
export type ContentAvailability = z.infer<typeof ContentAvailability>;

/** The file a `resource/x-bb-file` item holds. */
export const ContentFile = z.looseObject({
  uploadId: z.string().optional(),
  fileName: z.string(),
  mimeType: z.string().optional(),
});
export type ContentFile = z.infer<typeof ContentFile>;

/** Handler-specific settings; only `id` is always there. */
export const ContentHandler = z.looseObject({
  id: z.string(),
  isBbPage: z.boolean().optional(),
  url: z.string().optional(),
  file: ContentFile.optional(),
  assessmentId: z.string().optional(),
  gradeColumnId: z.string().optional(),
  groupContent: z.boolean().optional(),
  targetId: z.string().optional(),
  targetType: z.string().optional(),
  discussionId: z.string().optional(),
});
export type ContentHandler = z.infer<typeof ContentHandler>;

export const ContentLink = z.looseObject({
  href: z.string(),
  rel: z.string().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
});
export type ContentLink = z.infer<typeof ContentLink>;

export const Content = z.looseObject({
  id: z.string(),
  /** Absent for Classic top-level items; Ultra top-level items name the ROOT folder. */
  parentId: z.string().optional(),
  title: z.string(),
  /** Rich text from the course: untrusted markup, the app sanitises it before showing it. */
  body: z.string().optional(),
  description: z.string().optional(),
  created: DateTime.optional(),
  modified: DateTime.optional(),
  position: z.number().int().min(0).optional(),
  hasChildren: z.boolean().optional(),
  hasGradebookColumns: z.boolean().optional(),
  hasAssociatedGroups: z.boolean().optional(),
  launchInNewWindow: z.boolean().optional(),
  reviewable: z.boolean().optional(),
  availability: ContentAvailability.optional(),
  contentHandler: ContentHandler.optional(),
  links: z.array(ContentLink).optional(),
});
export type Content = z.infer<typeof Content>;

export const PagedContents = pagedEnvelope(Content);
export type PagedContents = z.infer<typeof PagedContents>;

/** Body of Create Content (`title` required); the app builds it, the service validates it. */
export const CreateContentRequest = z.strictObject({
  parentId: z.string().optional(),
  title: z.string().min(1),
  body: z.string().optional(),
  description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
  position: z.number().int().min(0).optional(),
  launchInNewWindow: z.boolean().optional(),
  reviewable: z.boolean().optional(),
  availability: ContentAvailability.optional(),
  contentHandler: ContentHandler.optional(),
});
export type CreateContentRequest = z.infer<typeof CreateContentRequest>;

/** Body of Create Assignment (seed "Assignment creation request"). */
export const CreateAssignmentRequest = z.strictObject({
  parentId: z.string().optional(),
  title: z.string().min(1),
  instructions: z.string().optional(),
  description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
  position: z.number().int().min(0).optional(),
  fileUploadIds: z.array(z.string()).optional(),
  availability: ContentAvailability.optional(),
  grading: z
    .strictObject({
      due: DateTime.optional(),
      attemptsAllowed: z.number().int().min(1).optional(),
      gradeSchemaId: z.string().optional(),
      isUnlimitedAttemptsAllowed: z.boolean().optional(),
    })
    .optional(),
  score: z.strictObject({ possible: z.number().min(0) }).optional(),
  originalityReportingTool: z.looseObject({ id: z.string().optional() }).optional(),
});
export type CreateAssignmentRequest = z.infer<typeof CreateAssignmentRequest>;

/** What Create Assignment answers: the ids of everything it made. Classic has no assessment. */
export const CreateAssignmentResult = z.looseObject({
  contentId: z.string(),
  gradeColumnId: z.string(),
  assessmentId: z.string().optional(),
  questionIds: z.array(z.string()),
  attachmentIds: z.array(z.string()),
});
export type CreateAssignmentResult = z.infer<typeof CreateAssignmentResult>;

/** A file attached to an item (Swagger `FileAttachment`); its bytes come from `.../download`. */
export const FileAttachment = z.looseObject({
  id: z.string(),
  fileName: z.string().optional(),
  mimeType: z.string().optional(),
});
export type FileAttachment = z.infer<typeof FileAttachment>;
export const PagedFileAttachments = pagedEnvelope(FileAttachment);

/** POST /uploads answers the id to pass as `fileUploadIds[]` or `contentHandler.file.uploadId`. */
export const UploadedFile = z.looseObject({ id: z.string() });
export type UploadedFile = z.infer<typeof UploadedFile>;

/** GET /uploads/settings (Swagger `UploadSettings`). */
export const UploadSettings = z.looseObject({
  maxUploadSizeInBytes: z.number().int().optional(),
  supportsInlineRender: z.boolean(),
});
export type UploadSettings = z.infer<typeof UploadSettings>;
