import { z } from 'zod';

/**
 * The content API's wire vocabulary, as the sandbox reads it from seed 000 ("Content item",
 * "Course content", "Assignment creation"), the Swagger (Content, ContentHandler, FileAttachment)
 * and the vendor pages creating-content.md and contenthandler-datatypes.md. Written here, not
 * taken from the app's readers (rule 1 of the house).
 */

/** Seed 000 "Limits": at most 750 characters (Create Content). */
export const DESCRIPTION_MAX = 750;

/** Handler ids of contenthandler-datatypes.md and the seed's Create Assignment text. */
export const HANDLERS = {
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

/** Seed 000 shows `Yes`; the Swagger enum is `Yes`, `No`, `PartiallyVisible`. */
export const Available = z.enum(['Yes', 'No', 'PartiallyVisible']);
export type Available = z.infer<typeof Available>;

/** A handler as stored and answered: its id and the settings that handler has (Swagger ContentHandler). */
export type HandlerJson = {
  id: string;
  isBbPage?: boolean;
  url?: string;
  file?: { fileName: string; mimeType?: string };
  assessmentId?: string;
  gradeColumnId?: string;
  groupContent?: boolean;
  targetId?: string;
  targetType?: string;
  originalityReportingTool?: Record<string, unknown>;
};

export interface LinkJson {
  href: string;
  rel: string;
  title: string;
  type: string;
}

/** An item as Get Content answers it (seed 000 "Content item"). */
export interface ContentJson {
  id: string;
  parentId?: string | undefined;
  title: string;
  body?: string | undefined;
  description?: string | undefined;
  created: string;
  modified: string;
  position: number;
  hasChildren?: boolean | undefined;
  hasGradebookColumns?: boolean | undefined;
  launchInNewWindow: boolean;
  reviewable: boolean;
  availability?: {
    available: Available;
    allowGuests: boolean;
    allowObservers: boolean;
    adaptiveRelease: { start?: string | undefined; end?: string | undefined };
  };
  contentHandler: HandlerJson;
  links: LinkJson[];
}

/** Swagger FileAttachment. */
export interface FileAttachmentJson {
  id: string;
  fileName: string;
  mimeType: string;
}

/** Seed 000 "Assignment creation response". */
export interface CreateAssignmentJson {
  contentId: string;
  gradeColumnId: string;
  assessmentId?: string;
  questionIds: string[];
  attachmentIds: string[];
}
