import { expect } from 'vitest';
import type { z } from 'zod';
import { ErrorBody } from '../../../shared/api/common';
import type { RunningSandbox } from '../../../sandbox/server';
import { DEMO_COURSES } from '../../../sandbox/modules/institution';
import { call } from '../../support/sandbox';
import { swaggerErrors, type ContractResponse } from '../../support/contract';
import { expectLearnShape, withoutNulls } from './learn-variety';

/**
 * Helpers of the content and adaptive-release contract tests: every answer is checked for its
 * status, its shared zod schema and (Learn) the Swagger file, as the team brief asks. Answers come
 * in the varied shapes real Learn writes (sandbox shape variety): null is read as absent.
 */

export type Res = Awaited<ReturnType<typeof call>>;

export const LEARN = '/learn/api/public/v1';
export const contents = (course: string): string => `${LEARN}/courses/${course}/contents`;
export const courseRef = (key: keyof typeof DEMO_COURSES): string => `courseId:${DEMO_COURSES[key]}`;

/** Status first (so a wrong one reads clearly), then schema and Swagger; the parsed body. */
export function expectOk<S extends z.ZodType>(method: string, path: string, res: Res, status: number, schema: S): z.infer<S> {
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return expectLearnShape(method, path, res, schema);
}

/** An error answer: its status, Learn's error body, and (optionally) words the message must hold. */
export function expectError(method: string, path: string, res: Res, status: number, message?: RegExp): ErrorBody {
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  const body = expectLearnShape(method, path, res, ErrorBody);
  expect(body.status).toBe(status);
  if (message) expect(body.message).toMatch(message);
  return body;
}

/** A 204 has no body to validate. */
export function expectNoContent(method: string, path: string, res: Res): void {
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(204);
  expect(res.text).toBe('');
}

/**
 * Create Group Predicate's 201: the Swagger types it as Spring's `ResponseEntity<...>` wrapper
 * (required `statusCodeValue`), a generator artefact; the wire body is the predicate itself.
 * That one error is set aside here, every other Swagger error still fails.
 */
export function expectCreatedGroupPredicate<S extends z.ZodType>(path: string, res: Res, schema: S): z.infer<S> {
  expect(res.status, `PUT ${path}: ${res.text}`).toBe(201);
  const parsed = schema.safeParse(withoutNulls(res.json));
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  const errors = swaggerErrors('PUT', path, res as ContractResponse).filter((e) => e !== "(root) must have required property 'statusCodeValue'");
  expect(errors).toEqual([]);
  return parsed.data as z.infer<S>;
}

/** Every page of a list, following `paging.nextPage`; each page is validated. */
export async function allPages<S extends z.ZodType>(sandbox: RunningSandbox, token: string, path: string, schema: S): Promise<z.infer<S>[]> {
  const pages: z.infer<S>[] = [];
  let next: string | undefined = path;
  while (next) {
    const res = await call(sandbox, token, 'GET', next);
    const page = expectOk('GET', next, res, 200, schema) as { paging?: { nextPage?: string } };
    pages.push(page as z.infer<S>);
    next = page.paging?.nextPage;
  }
  return pages;
}

/** POSTs a file to /uploads as multipart/form-data, the way the app will. */
export async function upload(sandbox: RunningSandbox, token: string, fileName: string, bytes: Uint8Array | string, type = 'application/octet-stream'): Promise<Res> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)], { type }), fileName);
  const res = await fetch(`${sandbox.origin}${LEARN}/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as unknown) : undefined, text };
}

/** The userName of a member of a demo course with the given role (first in enrolment order). */
export function memberOf(sandbox: RunningSandbox, key: keyof typeof DEMO_COURSES, role: string, index = 0): string {
  const ctx = sandbox.context();
  const course = ctx.directory.course(courseRef(key));
  const membership = ctx.directory.courseMemberships(course.id).filter((m) => m.courseRoleId === role)[index];
  if (!membership) throw new Error(`no ${role} #${index} in ${course.courseId}`);
  return ctx.directory.users.get(membership.userId)?.userName as string;
}

/** A student of the lecture who is in no other demo course (so "not enrolled" is certain). */
export function lectureOnlyStudent(sandbox: RunningSandbox): string {
  return memberOf(sandbox, 'lecture', 'Student', 0);
}
