import { z } from 'zod';
import { openEnum, DateTime, optional, pagedEnvelope } from './common';

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
  start: optional(DateTime),
  end: optional(DateTime),
});
export type ContentAdaptiveRelease = z.infer<typeof ContentAdaptiveRelease>;

/** Students do not get `available`, `allowGuests`, `allowObservers` or `adaptiveRelease`: all optional. */
export const ContentAvailability = z.looseObject({
  available: optional(openEnum(ContentAvailable.options)),
  allowGuests: optional(z.boolean()),
  allowObservers: optional(z.boolean()),
  adaptiveRelease: optional(ContentAdaptiveRelease),
});
export type ContentAvailability = z.infer<typeof ContentAvailability>;

/** The file a `resource/x-bb-file` item holds. */
export const ContentFile = z.looseObject({
  uploadId: optional(z.string()),
  fileName: z.string(),
  mimeType: optional(z.string()),
});
export type ContentFile = z.infer<typeof ContentFile>;

/** Handler-specific settings; only `id` is always there. */
export const ContentHandler = z.looseObject({
  id: z.string(),
  isBbPage: optional(z.boolean()),
  url: optional(z.string()),
  file: optional(ContentFile),
  assessmentId: optional(z.string()),
  gradeColumnId: optional(z.string()),
  groupContent: optional(z.boolean()),
  targetId: optional(z.string()),
  targetType: optional(z.string()),
  discussionId: optional(z.string()),
});
export type ContentHandler = z.infer<typeof ContentHandler>;

export const ContentLink = z.looseObject({
  href: z.string(),
  rel: optional(z.string()),
  title: optional(z.string()),
  type: optional(z.string()),
});
export type ContentLink = z.infer<typeof ContentLink>;

export const Content = z.looseObject({
  id: z.string(),
  /** Absent for Classic top-level items; Ultra top-level items name the ROOT folder. */
  parentId: optional(z.string()),
  title: z.string(),
  /** Rich text from the course: untrusted markup, the app sanitises it before showing it. */
  body: optional(z.string()),
  description: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
  position: optional(z.number().int().min(0)),
  hasChildren: optional(z.boolean()),
  hasGradebookColumns: optional(z.boolean()),
  hasAssociatedGroups: optional(z.boolean()),
  launchInNewWindow: optional(z.boolean()),
  reviewable: optional(z.boolean()),
  availability: optional(ContentAvailability),
  contentHandler: optional(ContentHandler),
  links: optional(z.array(ContentLink)),
});
export type Content = z.infer<typeof Content>;

export const PagedContents = pagedEnvelope(Content);
export type PagedContents = z.infer<typeof PagedContents>;

/** Availability as the app writes it: the Swagger's values only (the reader's, above, is open). */
export const ContentAvailabilityInput = z.strictObject({
  available: ContentAvailable.optional(),
  allowGuests: z.boolean().optional(),
  allowObservers: z.boolean().optional(),
  adaptiveRelease: z.strictObject({ start: DateTime.optional(), end: DateTime.optional() }).optional(),
});

/** Body of Create Content (`title` required); the app builds it, the service validates it. */
export const CreateContentRequest = z.strictObject({
  parentId: z.string().optional(),
  title: z.string().min(1),
  body: z.string().optional(),
  description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
  position: z.number().int().min(0).optional(),
  launchInNewWindow: z.boolean().optional(),
  reviewable: z.boolean().optional(),
  availability: ContentAvailabilityInput.optional(),
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
  availability: ContentAvailabilityInput.optional(),
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

/**
 * What Create Assignment answers: the ids of everything it made. Classic has no assessment, and
 * the vendor's real Ultra answer (curl-demo.md) has no `attachmentIds`: the lists default to [],
 * so an assignment Learn made is never reported as a failure (a retry would make a duplicate).
 */
export const CreateAssignmentResult = z.looseObject({
  contentId: z.string(),
  gradeColumnId: z.string(),
  assessmentId: optional(z.string()),
  questionIds: optional(z.array(z.string())).transform((ids) => ids ?? []),
  attachmentIds: optional(z.array(z.string())).transform((ids) => ids ?? []),
});
export type CreateAssignmentResult = z.infer<typeof CreateAssignmentResult>;

/** A file attached to an item (Swagger `FileAttachment`); its bytes come from `.../download`. */
export const FileAttachment = z.looseObject({
  id: z.string(),
  fileName: optional(z.string()),
  mimeType: optional(z.string()),
});
export type FileAttachment = z.infer<typeof FileAttachment>;
export const PagedFileAttachments = pagedEnvelope(FileAttachment);

/** POST /uploads answers the id to pass as `fileUploadIds[]` or `contentHandler.file.uploadId`. */
export const UploadedFile = z.looseObject({ id: z.string() });
export type UploadedFile = z.infer<typeof UploadedFile>;

/** GET /uploads/settings (Swagger `UploadSettings`). */
export const UploadSettings = z.looseObject({
  maxUploadSizeInBytes: optional(z.number().int()),
  supportsInlineRender: z.boolean(),
});
export type UploadSettings = z.infer<typeof UploadSettings>;
