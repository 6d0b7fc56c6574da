import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { findSwaggerPath } from '../support/swagger';

// Every operation of the three seeds (and the real Learn resources the app needs) has a route in
// the sandbox, and every Learn one is an operation of the vendor's Swagger file at that path.
const V1 = '/learn/api/public/v1';
const AR = `${V1}/courses/:courseId/contents/:contentId/adaptiveRelease/rules`;
const MEETINGS = `${V1}/courses/:courseId/meetings`;
const ALLY = '/ally/api/v2/clients/:clientId/content';

const LEARN_OPERATIONS: [string, string][] = [
  ['POST', `${V1}/oauth2/token`],
  ['GET', `${V1}/oauth2/authorizationcode`],
  ['GET', `${V1}/oauth2/tokeninfo`],
  ['GET', AR],
  ['POST', AR],
  ['GET', `${AR}/:ruleId`],
  ['PATCH', `${AR}/:ruleId`],
  ['DELETE', `${AR}/:ruleId`],
  ['GET', `${AR}/:ruleId/criteria`],
  ['POST', `${AR}/:ruleId/criteria`],
  ['GET', `${AR}/:ruleId/criteria/:criterionId`],
  ['PATCH', `${AR}/:ruleId/criteria/:criterionId`],
  ['DELETE', `${AR}/:ruleId/criteria/:criterionId`],
  ['GET', `${AR}/:ruleId/criteria/:criterionId/groups`],
  ['PUT', `${AR}/:ruleId/criteria/:criterionId/groups`],
  ['PUT', `${AR}/:ruleId/criteria/:criterionId/groups/:groupId`],
  ['DELETE', `${AR}/:ruleId/criteria/:criterionId/groups/:groupId`],
  ['GET', `${AR}/:ruleId/criteria/:criterionId/users`],
  ['PUT', `${AR}/:ruleId/criteria/:criterionId/users`],
  ['PUT', `${AR}/:ruleId/criteria/:criterionId/users/:userId`],
  ['DELETE', `${AR}/:ruleId/criteria/:criterionId/users/:userId`],
  ['GET', `${V1}/announcements`],
  ['POST', `${V1}/announcements`],
  ['GET', `${V1}/announcements/:announcementId`],
  ['PATCH', `${V1}/announcements/:announcementId`],
  ['DELETE', `${V1}/announcements/:announcementId`],
  ['GET', `${V1}/calendars/items`],
  ['POST', `${V1}/calendars/items`],
  ['GET', `${V1}/calendars/items/:calendarItemType/:calendarItemId`],
  ['PATCH', `${V1}/calendars/items/:calendarItemType/:calendarItemId`],
  ['DELETE', `${V1}/calendars/items/:calendarItemType/:calendarItemId`],
  ['GET', `${V1}/courses/:courseId/contents`],
  ['POST', `${V1}/courses/:courseId/contents`],
  ['GET', `${V1}/courses/:courseId/contents/:contentId`],
  ['GET', `${V1}/courses/:courseId/contents/:contentId/children`],
  ['POST', `${V1}/courses/:courseId/contents/createAssignment`],
  ['GET', MEETINGS],
  ['POST', MEETINGS],
  ['DELETE', MEETINGS],
  ['GET', `${MEETINGS}/:meetingId`],
  ['PATCH', `${MEETINGS}/:meetingId`],
  ['DELETE', `${MEETINGS}/:meetingId`],
  ['GET', `${MEETINGS}/:meetingId/users`],
  ['POST', `${MEETINGS}/:meetingId/users`],
  ['DELETE', `${MEETINGS}/:meetingId/users`],
  ['POST', `${MEETINGS}/:meetingId/users/bulk`],
  ['GET', `${MEETINGS}/:meetingId/users/:userId`],
  ['PATCH', `${MEETINGS}/:meetingId/users/:userId`],
  ['DELETE', `${MEETINGS}/:meetingId/users/:userId`],
  ['GET', `${MEETINGS}/users/:userId`],
  ['DELETE', `${MEETINGS}/users/:userId`],
  ['DELETE', `${MEETINGS}/users/:userId/all`],
  ['GET', `${V1}/users/:userId`],
  ['GET', `${V1}/users/:userId/courses`],
  ['GET', `${V1}/courses/:courseId/users`],
  ['GET', '/learn/api/public/v3/courses'],
  ['GET', '/learn/api/public/v3/courses/:courseId'],
];

const ALLY_OPERATIONS: [string, string][] = [
  ['POST', ALLY],
  ['GET', `${ALLY}/:contentHash`],
  ['GET', `${ALLY}/batch`],
  ['GET', `${ALLY}/:contentHash/status`],
  ['POST', `${ALLY}/:contentHash/formats/:format`],
  ['GET', `${ALLY}/:contentHash/formats/:format/status`],
  ['GET', `${ALLY}/:contentHash/formats/:format`],
];

describe('the sandbox covers every seed operation', () => {
  let sandbox: RunningSandbox;
  let routes: Set<string>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    routes = new Set(sandbox.router().routes().map((r) => `${r.method} ${r.pattern}`));
  });
  afterAll(() => sandbox.close());

  it.each(LEARN_OPERATIONS)('Learn %s %s is routed and is a Swagger operation', (method, pattern) => {
    expect(routes.has(`${method} ${pattern}`)).toBe(true);
    const concrete = pattern.replace(/:(\w+)/g, '_1_1');
    const swagger = findSwaggerPath(method, concrete);
    expect(swagger?.replace(/\{(\w+)\}/g, ':$1')).toBe(pattern);
  });

  it.each(ALLY_OPERATIONS)('Ally %s %s is routed', (method, pattern) => {
    expect(routes.has(`${method} ${pattern}`)).toBe(true);
  });
});
