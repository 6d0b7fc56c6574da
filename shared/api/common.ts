import { z } from 'zod';

/**
 * Shapes every Learn API shares: the error body, the paged envelope, ids and date-times.
 * Readers are tolerant where the real service varies (a number or a string `status`),
 * and strict where a wrong value would corrupt data.
 */

/** ISO 8601 date-time as Learn writes it (`2024-03-01T09:00:00.000Z`, offsets allowed). */
export const DateTime = z.iso.datetime({ offset: true, local: false });
export type DateTime = z.infer<typeof DateTime>;

/** An id Learn serialises as a string; some services send numbers (attendance `meetingId`). */
export const LooseId = z.union([z.string(), z.number()]).transform((v) => String(v));

/** Learn's error body. Real services send `status` as a number; the seed says string: accept both. */
export const ErrorBody = z.looseObject({
  status: z.union([z.number(), z.string()]).transform((v) => Number(v)).optional(),
  code: z.union([z.string(), z.number()]).transform((v) => String(v)).optional(),
  message: z.string().optional(),
  developerMessage: z.string().optional(),
  extraInfo: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The token endpoint's RFC 6749 error body. */
export const OAuthErrorBody = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

export const Paging = z.looseObject({ nextPage: z.string().optional() });

/** `{results: [...], paging?: {nextPage}}`; `nextPage` is a host-relative path with its query. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    results: z.array(item),
    paging: Paging.optional(),
  });
}
export interface Paged<T> {
  results: T[];
  paging?: { nextPage?: string | undefined } | undefined;
}

/** Secondary ids (`externalId:ABC`, `courseId:HIST-101`, `uuid:...`, `userName:jdoe`) pass through as strings. */
export const SecondaryIdPrefix = z.enum(['externalId', 'courseId', 'uuid', 'userName', 'studentId', 'primaryId']);
