import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type ContractResponse, swaggerErrors } from '../../support/contract';

/**
 * Contract checks for answers in the shapes real Learn writes (sandbox shape variety: unknown
 * fields added, either documented day-name spelling; an empty field null only where a document
 * shows null). A Swagger error is set aside only at the file's own listed defects
 * (tests/support/swagger-defects.ts); every other one fails.
 */

/** The answer with every `null` field left out: how a reader that takes null as absent sees it. */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return (value as unknown[]).map((item) => withoutNulls(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)])) as T;
}

/**
 * The body parses with the app's reader (null taken as absent, docs/architecture.md rule 7) and agrees
 * with the Swagger but for the variety above. Returns the parsed body.
 */
export function expectLearnShape<S extends z.ZodType>(method: string, path: string, res: ContractResponse, schema: S): z.infer<S> {
  const parsed = schema.safeParse(withoutNulls(res.json));
  expect(parsed.success, parsed.success ? '' : `${method} ${path} -> ${res.status}: ${JSON.stringify(parsed.error.issues)}`).toBe(true);
  expect(swaggerErrors(method, path, res), `${method} ${path} -> ${res.status} against Swagger`).toEqual([]);
  return parsed.data as z.infer<S>;
}

/** Only the named fields that carry a value: for comparing two answers of varied shape. */
export function solid(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => source[f] !== undefined && source[f] !== null).map((f) => [f, source[f]]));
}

const SWAGGER_FILE = fileURLToPath(new URL('../../../../shared/reference/learn-swagger-3900.121.0.json', import.meta.url));
let definitions: Record<string, { properties?: Record<string, { readOnly?: boolean }> }> | undefined;

/**
 * The property names of a Swagger definition, by the end of its name (`CourseMeeting`,
 * `AttendanceRecord`, `users.User`, `CourseV2`), in the file's order.
 */
export function swaggerProperties(definitionSuffix: string): string[] {
  definitions ??= (JSON.parse(readFileSync(SWAGGER_FILE, 'utf8')) as { definitions: NonNullable<typeof definitions> }).definitions;
  const matches = Object.keys(definitions).filter((name) => name.endsWith(`.${definitionSuffix}`));
  if (matches.length !== 1) throw new Error(`Swagger definition *.${definitionSuffix}: ${matches.length} matches`);
  return Object.keys(definitions[matches[0] as string]?.properties ?? {});
}
