import { expect } from 'vitest';
import type { z } from 'zod';
import { validateAgainstSwagger } from './swagger';
import { isSwaggerDefect, swaggerStatusOf } from './swagger-defects';

/**
 * One check for every contract-test response: the body parses with the app's shared zod schema,
 * and, for Learn, it matches the vendor's Swagger where the file describes that response. Errors
 * at the Swagger's own defects (listed with their evidence in ./swagger-defects.ts) are set aside;
 * every other Swagger error fails the test.
 */

export interface ContractResponse {
  status: number;
  json: unknown;
}

/** Swagger errors that are not one of the known defects above. */
export function swaggerErrors(method: string, path: string, res: ContractResponse): string[] {
  if (!path.startsWith('/learn/')) return [];
  const check = validateAgainstSwagger(method, path, swaggerStatusOf(method, path, res.status), res.json);
  if (!check.checked) return [];
  return check.errors.filter((error) => !isSwaggerDefect(path, error, res.json));
}

/**
 * Asserts the body parses with `schema` and (for Learn paths) agrees with the Swagger file;
 * returns the parsed body. Assert the status yourself first, so a wrong status reads clearly.
 */
export function expectValid<S extends z.ZodType>(method: string, path: string, res: ContractResponse, schema: S): z.infer<S> {
  const parsed = schema.safeParse(res.json);
  expect(parsed.success, parsed.success ? '' : `${method} ${path} -> ${res.status}: ${JSON.stringify(parsed.error.issues)}`).toBe(true);
  expect(swaggerErrors(method, path, res), `${method} ${path} -> ${res.status} against Swagger`).toEqual([]);
  return parsed.data as z.infer<S>;
}
