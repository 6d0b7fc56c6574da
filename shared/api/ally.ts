import { z } from 'zod';
import { openEnum, optional } from './common';

/**
 * Anthology Ally's content feedback API (seed 002), as the app reads it. Tolerant where the
 * vendor's own samples differ (`in_progress` vs `inprogress`, the overall score in the feedback
 * or in the report, the batch as `{reports: [...]}` or a bare list, metadata fields omitted);
 * strict where a wrong value would mislead an instructor (scores outside 0..1, unknown stages).
 */

/**
 * Processing stage; `in_progress` (seen in samples) is read as `inprogress`. Read open (common.ts
 * `openEnum`): a stage Ally adds is kept, and waited through as an unfinished one.
 */
export const AllyStage = openEnum(['pending', 'inprogress', 'in_progress', 'success', 'failed']).transform((v) => (v === 'in_progress' ? 'inprogress' : v));
export type AllyStage = z.infer<typeof AllyStage>;

export const ProcessingStatus = z.looseObject({
  hash: z.string().min(1),
  status: AllyStage,
  /** A path below the Ally base URL. */
  statusUrl: z.string().min(1),
  /** Null while the file is being processed. */
  resourceUrl: z.string().nullish(),
  /** The sandbox says why a file `failed`; the real service may not. */
  message: optional(z.string()),
});
export type ProcessingStatus = z.infer<typeof ProcessingStatus>;

/** Where a problem is: a page (from 0) of Ally's PDF preview and a box in points. */
export const Snippet = z.looseObject({
  page: z.number().int().min(0),
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type Snippet = z.infer<typeof Snippet>;

const Score = z.number().min(0).max(1);

export const CheckResult = z.looseObject({
  /** Null only for deprecated checks (LibraryReference). */
  score: Score.nullable(),
  snippets: optional(z.array(Snippet)),
  detectedLanguage: optional(z.string()),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** Check names seen so far; results may hold others, which the app shows by name. */
export const ALLY_CHECKS = [
  'Scanned', 'Tagged', 'Ocred', 'AlternativeText', 'Contrast', 'HeadingsPresence', 'HeadingsStartAtOne', 'HeadingsSequential',
  'HeadingsHigherLevel', 'TableHeaders', 'Title', 'LanguagePresence', 'LanguageCorrect', 'LibraryReference',
] as const;

export const AllyReport = z.looseObject({
  results: z.record(z.string(), CheckResult.nullable()),
  /** Check name -> the document's overall score if that check were fixed. */
  suggestions: z.record(z.string(), Score.nullable()).nullish().transform((v) => v ?? {}),
  score: optional(Score),
});
export type AllyReport = z.infer<typeof AllyReport>;

/** `low`, `medium`, `high`, `perfect` (feedback-definitions.md); other words are kept as sent. */
export const AllyVisibility = z.string();

/** The overall score is read from the feedback object or, as one sample has it, the report. */
export const AllyFeedback = z
  .looseObject({ score: optional(Score), visibility: AllyVisibility, report: AllyReport })
  .refine((f) => f.score !== undefined || f.report.score !== undefined, { message: 'feedback has no score (neither feedback.score nor feedback.report.score)' })
  .transform((f) => ({ ...f, score: (f.score ?? f.report.score) as number }));
export type AllyFeedback = z.infer<typeof AllyFeedback>;

export const AllyFormats = z.looseObject({
  availableFormats: z.array(z.string()),
  canToggleAvailability: optional(z.boolean()),
  available: z.boolean(),
  visibility: optional(z.boolean()),
});
export type AllyFormats = z.infer<typeof AllyFormats>;

export const AllyMetadata = z.looseObject({
  name: z.string(),
  fileType: z.string(),
  mimeType: z.string(),
  /** Nullable in the seed; kept as sent (the app shows `true` only). */
  decorative: z.unknown().optional(),
  description: optional(z.string()),
  isVersioned: optional(z.boolean()),
  isSeizureInducing: optional(z.boolean()),
  libraryReference: z.unknown().optional(),
});
export type AllyMetadata = z.infer<typeof AllyMetadata>;

/** GET .../content/{hash}: feedback and formats are null unless asked for. */
export const ContentInformation = z.looseObject({
  hash: z.string().min(1),
  feedback: AllyFeedback.nullish().transform((v) => v ?? null),
  formats: AllyFormats.nullish().transform((v) => v ?? null),
  metadata: AllyMetadata,
});
export type ContentInformation = z.infer<typeof ContentInformation>;

/**
 * An entry that says nothing of a file (no report, no file name): how a service may answer a hash
 * it does not know instead of null (seed 002: "not shown"). Read as null, like Ally's documented null.
 */
const EmptyEntry = z
  .looseObject({ feedback: z.null().optional(), metadata: z.union([z.null(), z.looseObject({}).refine((m) => typeof m.name !== 'string')]).optional() })
  .transform(() => null);
const BatchEntry = z.union([ContentInformation, z.null(), EmptyEntry]);

/** GET .../content/batch: the list, in request order, null where nothing was found. */
export const BatchContentInformation = z
  .union([z.looseObject({ reports: z.array(BatchEntry) }), z.array(BatchEntry)])
  .transform((v) => (Array.isArray(v) ? v : v.reports));
export type BatchContentInformation = z.infer<typeof BatchContentInformation>;

export const ALLY_FORMATS = ['Pdf', 'Html', 'Epub', 'Tts', 'Braille', 'Beeline', 'Translation'] as const;

/** A format id as paths carry it: `Html`, `Epub`, `Translation:fr`. */
export const AllyFormatId = z.union([z.enum(ALLY_FORMATS).exclude(['Translation']), z.string().regex(/^Translation:[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)]);
export type AllyFormatId = z.infer<typeof AllyFormatId>;

/**
 * `downloadUrl` is read when present at any stage and may be missing (or null) until `success`: a
 * client then downloads from the documented path `.../formats/{format}` (docs/api-notes/ally.md).
 */
export const FormatGenerationStatus = z.looseObject({
  status: AllyStage,
  statusUrl: z.string().min(1),
  downloadUrl: optional(z.string().min(1)),
});
export type FormatGenerationStatus = z.infer<typeof FormatGenerationStatus>;

/** Ally's error body. */
export const AllyErrorBody = z.looseObject({
  status: z.union([z.number(), z.string()]).transform((v) => Number(v)),
  message: z.string(),
});
export type AllyErrorBody = z.infer<typeof AllyErrorBody>;
