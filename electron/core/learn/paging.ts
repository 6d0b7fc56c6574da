import { z } from 'zod';
import { pagedEnvelope } from '../../../shared/api/common';

/**
 * Paging, `fields` and `sort` as every Learn list takes them, and the query strings they become.
 * Pages are followed through `paging.nextPage` (a host-relative path holding the original query and
 * the next offset), never by counting offsets ourselves: the server decides the page size.
 */

/** A property name of T, or a dotted path into it (`user.userName`, `availability.available`). */
export type FieldName<T> = Extract<keyof T, string> | `${Extract<keyof T, string>}.${string}`;

/** `'start'` sorts ascending, `'start(desc)'` descending; the operation's sortable fields only. */
export type SortKey<F extends string> = F | `${F}(desc)`;

/** Options every list and read takes: which fields to return (the answer then types as Partial). */
export interface FieldsOption<T> {
  fields?: readonly FieldName<T>[];
}

/** Options of a list: `fields`, plus `pageSize` (Learn's `limit`; at most 100, the server's default). */
export interface PageOptions<T> extends FieldsOption<T> {
  pageSize?: number;
  signal?: AbortSignal;
}

/** A list that also takes `sort`, typed to the fields the operation can sort by. */
export interface SortOptions<F extends string> {
  sort?: readonly SortKey<F>[];
}

/** Any subset of T's properties, nested objects included (`fields=user.userName`). */
export type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** What a read with these options returns: the whole item, or any subset when `fields` was asked. */
export type Read<T, O> = O extends { fields: readonly unknown[] } ? DeepPartial<T> : T;

/** Query values the client sends: absent values are left out, dates as ISO strings. */
export type QueryValue = string | number | boolean | Date | readonly string[] | undefined;

export function toQuery(values: Record<string, QueryValue>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value instanceof Date) query.set(name, value.toISOString());
    else if (Array.isArray(value)) {
      if (value.length > 0) query.set(name, value.join(','));
    } else query.set(name, String(value));
  }
  return query;
}

/** The query of `fields`, `sort` and `pageSize`, merged with an operation's filters. */
export function listQuery(options: { fields?: readonly string[]; sort?: readonly string[]; pageSize?: number }, filters: Record<string, QueryValue> = {}): URLSearchParams {
  if (options.pageSize !== undefined && !(Number.isInteger(options.pageSize) && options.pageSize >= 1 && options.pageSize <= 100)) {
    throw new RangeError(`pageSize must be a whole number from 1 to 100, not ${options.pageSize}`);
  }
  return toQuery({ ...filters, fields: options.fields, sort: options.sort, limit: options.pageSize });
}

/**
 * The schema to read an item with: with `fields`, any subset of an object schema's properties,
 * nested ones too, is valid (the server leaves the others out); the values that are there are
 * still checked. Otherwise the full schema. Its output type is left to the caller's `Read<T, O>`
 * (which of the two depends on the options' type), hence `never`.
 */
export function itemSchema(schema: z.ZodType, fields: readonly string[] | undefined): z.ZodType<never> {
  const chosen = fields && fields.length > 0 ? deepPartial(schema) : schema;
  return chosen as z.ZodType<never>;
}

function deepPartial(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) return deepPartial(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return deepPartial(schema.unwrap() as z.ZodType).nullable();
  // common.ts `optional(x)` is nullable(x) piped through a transform: make `x` partial, keep the transform.
  if (schema instanceof z.ZodPipe) return deepPartial(schema.in as z.ZodType).pipe(schema.out as z.ZodType);
  if (schema instanceof z.ZodArray) return z.array(deepPartial(schema.element as z.ZodType));
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [key, deepPartial(value).optional()]));
    // extend keeps the object's handling of unknown keys (loose readers stay loose).
    return schema.extend(shape);
  }
  return schema;
}

/** The envelope schema of a list of `item`. */
export function pageSchema(item: z.ZodType): z.ZodType<{ results: unknown[]; paging?: { nextPage?: string | undefined } | undefined }> {
  return pagedEnvelope(item);
}

/**
 * Resolves `paging.nextPage` against the base URL's origin. Learn sends a host-relative path
 * (`/learn/api/public/v1/...?offset=100`); anything that would lead to another origin (an absolute
 * URL elsewhere, `//host/...`) is refused: the bearer token must never follow it.
 */
export function resolveNextPage(base: URL, nextPage: string): URL | { refused: string } {
  let next: URL;
  try {
    next = new URL(nextPage, base.origin);
  } catch {
    return { refused: 'paging.nextPage is not a path' };
  }
  if (next.origin !== base.origin) return { refused: 'paging.nextPage points to another site' };
  return next;
}
