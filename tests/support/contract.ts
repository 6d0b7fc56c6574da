import { expect } from 'vitest';
import type { z } from 'zod';
import { validateAgainstSwagger } from './swagger';

/**
 * One check for every contract-test response: the body parses with the app's shared zod schema,
 * and, for Learn, it matches the vendor's Swagger where the file describes that response.
 *
 * The Swagger file has a few known defects where the real service (and the seeds) differ from it.
 * Errors at exactly these spots are set aside, each for a stated reason; every other Swagger
 * error fails the test.
 */
export const KNOWN_SWAGGER_DEFECTS: readonly { path: RegExp; message: string; why: string }[] = [
  {
    path: /^\/status$/,
    message: 'must be string',
    why: "RestException types status as a string; real Learn error bodies carry a number (reference README, curl walk-through)",
  },
  {
    path: /\/recurrence\/weekDays$/,
    message: 'must be object',
    why: 'the generator described java.util.List<BYDAY> as a bean {empty}; the service sends an array of day names (using-calendar-api.md)',
  },
  {
    path: /\/(systemRoleIds|institutionRoleIds)$/,
    message: 'must be object',
    why: 'the same generator defect on User: java.util.List<SystemRole> and List<String> described as a bean {empty}; the service sends an array of role ids',
  },
];

export interface ContractResponse {
  status: number;
  json: unknown;
}

/** Swagger errors that are not one of the known defects above. */
export function swaggerErrors(method: string, path: string, res: ContractResponse): string[] {
  if (!path.startsWith('/learn/')) return [];
  const check = validateAgainstSwagger(method, path, res.status, res.json);
  if (!check.checked) return [];
  return check.errors.filter((error) => !KNOWN_SWAGGER_DEFECTS.some((d) => isDefect(error, d)));
}

function isDefect(error: string, defect: { path: RegExp; message: string }): boolean {
  const space = error.indexOf(' ');
  const where = error.slice(0, space);
  const message = error.slice(space + 1).trim();
  return defect.path.test(where) && message === defect.message;
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
