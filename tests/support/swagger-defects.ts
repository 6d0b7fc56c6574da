/**
 * Where the vendor's Swagger (release 3900.121.0) is wrong about Learn's answers, each with the
 * evidence that Learn answers otherwise (docs/api-notes/shapes-and-readers.md, "The Swagger's own defects"). A
 * Swagger error at exactly one of these spots is the file's fault; every other error fails the
 * contract tests and the Swagger response check. Two gaps are not errors and so not listed here:
 * list answers are typed only `{type: object}` (the check validates each item against its
 * resource's definition), and Get Content and Get Content Children give no response schema.
 */
export interface SwaggerDefect {
  /** The Swagger definition and field. */
  field: string;
  /** What the file says against what Learn sends. */
  defect: string;
  /** The document that shows Learn's form. */
  evidence: string;
  /** Concrete request paths (no query) it applies to. */
  operation: RegExp;
  /** The error's JSON pointer in the answer (a list's items under `/results/<n>`). */
  pointer: RegExp;
  /** ajv's message. */
  message: string;
  /** Only a value of this kind is the defect (the file's own words allow `null` there, say). */
  value?: (value: unknown) => boolean;
}

const LEARN = /^\/learn\/api\/public\//;
const item = (field: string): RegExp => new RegExp(`^(/results/\\d+)?/${field}$`);
const isNull = (value: unknown): boolean => value === null;

export const SWAGGER_DEFECTS: readonly SwaggerDefect[] = [
  {
    field: 'RestException.status',
    defect: 'typed string; Learn sends a number',
    evidence: 'reference README and curl-demo.md error bodies (`"status":404`)',
    operation: LEARN,
    pointer: /^\/status$/,
    message: 'must be string',
  },
  {
    field: 'users.User.systemRoleIds, institutionRoleIds',
    defect: 'a java.util.List described as an empty bean `{type: object}`; Learn sends an array of ids',
    evidence: 'curl-demo.md "Users read" (`"systemRoleIds": ["User"]`)',
    operation: LEARN,
    pointer: /^(\/results\/\d+)?(\/user)?\/(systemRoleIds|institutionRoleIds)$/,
    message: 'must be object',
  },
  {
    field: 'CourseMeeting.end',
    defect: 'typed string with no way to say null (Swagger 2.0); a meeting made in Learn\'s grid has `"end": null`',
    evidence: 'learn-docs/learn/attendance.md "Return all meetings in a course"; seed 001 Meeting `end` "may be null"',
    operation: /\/meetings(\/\d+)?$/,
    pointer: item('end'),
    message: 'must be string',
    value: isNull,
  },
  {
    field: 'Content.links',
    defect: 'a java.util.List<Link> described as an empty bean `{type: object}`; Learn sends an array of links',
    evidence: 'creating-content.md "Returning content" (`"links": [{"href": ..., "rel": "alternate", ...}]`)',
    operation: /\/contents(\/[^/]+(\/children)?)?$/,
    pointer: item('links'),
    message: 'must be object',
  },
  {
    field: 'CalendarItemRecurrence.weekDays',
    defect: 'a java.util.List<BYDAY> described as an empty bean `{type: object}`; Learn sends an array of day names',
    evidence: 'using-calendar-api.md (`"weekDays": ["Sunday"]`); seed 000 "array of day names"',
    operation: /\/calendars\/items/,
    pointer: item('recurrence/weekDays'),
    message: 'must be object',
  },
  {
    field: 'CalendarItemRecurrence.repeatDay',
    defect: 'enum `Su`..`Sa` only; Learn also writes `Sunday`..`Saturday`',
    evidence: 'seed 000 calendar ("`Sunday` among the values"); using-calendar-api.md (`"repeatDay": "Sunday"`)',
    operation: /\/calendars\/items/,
    pointer: item('recurrence/repeatDay'),
    message: 'must be equal to one of the allowed values',
    value: (v) => typeof v === 'string' && /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day$/.test(v),
  },
  {
    field: 'CalendarItem.createdByUserId',
    defect: 'typed string, yet its own description says it "will be null" for an item whose creator is gone',
    evidence: 'the Swagger file, CalendarItem.createdByUserId',
    operation: /\/calendars\/items/,
    pointer: item('createdByUserId'),
    message: 'must be string',
    value: isNull,
  },
  {
    field: 'AdaptiveReleaseRuleCriteria.startDate, endDate',
    defect: 'typed string with no way to say null; Learn writes an open date as null',
    evidence: 'adaptive-release.md ("startDate: ISODate. Can be null", "If the value is omitted during creation, it will be set to null")',
    operation: /\/adaptiveRelease\/rules\/[^/]+\/criteria/,
    pointer: item('(startDate|endDate)'),
    message: 'must be string',
    value: isNull,
  },
  {
    field: 'AdaptiveReleaseRuleCriteria.maxScore',
    defect: 'typed number with no way to say null; Learn writes an unset maximum as null',
    evidence: 'adaptive-release.md ("maxScore: Can be null"; its sample `"maxScore": null`)',
    operation: /\/adaptiveRelease\/rules\/[^/]+\/criteria/,
    pointer: item('maxScore'),
    message: 'must be number',
    value: isNull,
  },
];

/**
 * Answers whose status the Swagger gets wrong: their body is checked against the schema the file
 * gives for its own status.
 */
export const STATUS_DEFECTS: readonly { method: string; operation: RegExp; learn: number; swagger: number; evidence: string }[] = [
  {
    method: 'POST',
    operation: /\/courses\/[^/]+\/meetings$/,
    learn: 200,
    swagger: 201,
    evidence: 'Create meeting: seed 001 and learn-docs/learn/attendance.md both show 200',
  },
];

/** The status whose schema the Swagger gives for this answer. */
export function swaggerStatusOf(method: string, path: string, status: number): number {
  const concrete = path.split('?')[0] ?? '';
  return STATUS_DEFECTS.find((d) => d.method === method && d.operation.test(concrete) && d.learn === status)?.swagger ?? status;
}

/** Whether one ajv error (`<pointer> <message>`) on the answer to `path` is a listed defect. */
export function isSwaggerDefect(path: string, error: string, json: unknown): boolean {
  const space = error.indexOf(' ');
  const pointer = error.slice(0, space);
  const message = error.slice(space + 1).trim();
  const concrete = path.split('?')[0] ?? '';
  return SWAGGER_DEFECTS.some(
    (d) => d.operation.test(concrete) && d.pointer.test(pointer) && d.message === message && (!d.value || d.value(valueAt(json, pointer))),
  );
}

function valueAt(json: unknown, pointer: string): unknown {
  let current: unknown = json;
  for (const key of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
