import { z } from 'zod';

/**
 * Shapes every Learn API shares: the error body, the paged envelope, ids and date-times, and the
 * one rule every reader follows (docs/architecture.md rule 7, "liberal in what it reads"): objects are
 * loose (unknown fields pass), every optional field is `optional(...)` (absent or `null`, both read
 * as undefined), and required fields stay strict where a wrong value would corrupt data.
 */

/**
 * An optional field of an answer: absent, `undefined` or `null` (Jackson writes unset fields as
 * null; the Swagger says some "will be null") all read as undefined, so callers see `T | undefined`
 * and never null. A present value is checked by `schema` as strictly as a required one.
 * Use it for every optional field of every reader; writers (request bodies) keep `.optional()`.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullable()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}

/** A value of an open enum: one of the known ones, or any other string Learn or Ally sent. */
export type Open<Known extends string> = Known | (string & {});

/**
 * An enum field of an answer, read open (the readers' rule for every enum): a known value in any
 * letter case reads as its documented spelling (`UltraPreview` is `Ultrapreview`), and any other
 * string is kept as it came, for screens to show as itself; a newer Learn adding a value never
 * fails a page. Writers keep the closed `z.enum`: what Rollbook sends is the Swagger's.
 */
export function openEnum<const Known extends string>(known: readonly Known[]) {
  const byLowerCase = new Map(known.map((value) => [value.toLowerCase(), value]));
  return z
    .string()
    .transform((value): Open<Known> => byLowerCase.get(value.toLowerCase()) ?? value)
    .meta({ openEnum: known });
}

/** ISO 8601 date-time as Learn writes it (`2024-03-01T09:00:00.000Z`, offsets allowed). */
export const DateTime = z.iso.datetime({ offset: true, local: false });
export type DateTime = z.infer<typeof DateTime>;

/** An id Learn serialises as a string; some services send numbers (attendance `meetingId`). */
export const LooseId = z.union([z.string(), z.number()]).transform((v) => String(v));

/** Learn's error body. Real services send `status` as a number; the seed says string: accept both. */
export const ErrorBody = z.looseObject({
  status: optional(z.union([z.number(), z.string()]).transform((v) => Number(v))),
  code: optional(z.union([z.string(), z.number()]).transform((v) => String(v))),
  message: optional(z.string()),
  developerMessage: optional(z.string()),
  extraInfo: optional(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The token endpoint's RFC 6749 error body. */
export const OAuthErrorBody = z.looseObject({
  error: z.string(),
  error_description: optional(z.string()),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

export const Paging = z.looseObject({ nextPage: optional(z.string()) });

/** `{results: [...], paging?: {nextPage}}`; `nextPage` is a host-relative path with its query. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    results: z.array(item),
    paging: optional(Paging),
  });
}
export interface Paged<T> {
  results: T[];
  paging?: { nextPage?: string | undefined } | undefined;
}

/** Secondary ids (`externalId:ABC`, `courseId:HIST-101`, `uuid:...`, `userName:jdoe`) pass through as strings. */
export const SecondaryIdPrefix = z.enum(['externalId', 'courseId', 'uuid', 'userName', 'studentId', 'primaryId']);
