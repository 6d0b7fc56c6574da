import { describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/server';
import { attendanceOf } from '../../sandbox/modules/attendance';
import { DEMO_COURSES } from '../../sandbox/modules/institution';
import { userToken, withSandbox } from '../support/sandbox';

/**
 * The sandbox read the way a plain export script written against Learn reads it: a Python-style
 * script that indexes `m['end']` (KeyError when the key is missing), takes `'childCourseId' in m`
 * to mean "enrolled through a merged child course" and calls string methods on what the documents
 * type as strings (a crash on `None` or an integer). Seed 001 gives the shapes: a meeting's `end`
 * "may be null", a record's `meetingId` is a "string in responses"; the vendor's attendance page
 * shows meetings made in Learn's grid with `"end": null` and no title.
 */

class ScriptCrash extends Error {}

type Row = Record<string, unknown>;

/** `row[key]` in Python: a KeyError when the key is not there at all. */
function item(row: Row, key: string): unknown {
  if (!(key in row)) throw new ScriptCrash(`KeyError: '${key}' in ${JSON.stringify(row)}`);
  return row[key];
}

/** A value the script calls string methods on (`.upper()`, `.startswith()`): None or an int crashes. */
function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ScriptCrash(`AttributeError: ${what} is ${JSON.stringify(value)}, not a str`);
  return value;
}

interface ExportRow {
  course: string;
  meeting: string;
  minutes: number | null;
  student: string;
  status: string;
  /** The merged child course a student was enrolled through, if any. */
  mergedFrom: string | null;
}

/** The export script: every taught course's roster, meetings and records, one row a record. */
async function exportAttendance(sandbox: RunningSandbox, token: string): Promise<{ rows: ExportRow[]; mergedMembers: Map<string, string[]> }> {
  const get = async (path: string): Promise<Row> => {
    const res = await fetch(`${sandbox.origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Row;
  };
  const all = async (path: string): Promise<Row[]> => {
    const out: Row[] = [];
    for (let next: string | null = path; next; ) {
      const page = await get(next);
      out.push(...(item(page, 'results') as Row[]));
      const paging = 'paging' in page ? (page['paging'] as Row) : {};
      next = 'nextPage' in paging ? text(paging['nextPage'], 'nextPage') : null;
    }
    return out;
  };

  const rows: ExportRow[] = [];
  const mergedMembers = new Map<string, string[]>();
  for (const membership of await all('/learn/api/public/v1/users/me/courses?expand=course')) {
    if (item(membership, 'courseRoleId') !== 'Instructor') continue;
    const course = item(membership, 'course') as Row;
    const courseId = text(item(course, 'id'), 'course id');
    const courseName = text(item(course, 'courseId'), 'courseId').toUpperCase();

    const students = new Map<string, { name: string; mergedFrom: string | null }>();
    for (const m of await all(`/learn/api/public/v1/courses/${courseId}/users?expand=user`)) {
      const user = item(m, 'user') as Row;
      const name = item(user, 'name') as Row;
      // A present childCourseId means a merged (cross-listed) child course: its id, a string.
      const mergedFrom = 'childCourseId' in m ? text(m['childCourseId'], 'childCourseId').toUpperCase() : null;
      if (mergedFrom) mergedMembers.set(courseName, [...(mergedMembers.get(courseName) ?? []), text(item(m, 'userId'), 'userId')]);
      students.set(text(item(m, 'userId'), 'userId'), { name: `${text(item(name, 'family'), 'family')}, ${text(item(name, 'given'), 'given')}`, mergedFrom });
    }
    // A child course keeps no attendance (its students are marked in the parent).
    if ('parentId' in course) continue;

    const meetings = await all(`/learn/api/public/v1/courses/${courseId}/meetings`);
    const byId = new Map<string, { title: string; minutes: number | null }>();
    for (const m of meetings) {
      const start = text(item(m, 'start'), 'start');
      const end = item(m, 'end');
      const minutes = end === null ? null : (Date.parse(text(end, 'end')) - Date.parse(start)) / 60_000;
      const title = 'title' in m ? text(m['title'], 'title') : `Class on ${start.slice(0, 10)}`;
      byId.set(String(item(m, 'id')), { title, minutes });
    }
    for (const m of meetings) {
      for (const r of await all(`/learn/api/public/v1/courses/${courseId}/meetings/${String(m['id'])}/users`)) {
        const meeting = byId.get(text(item(r, 'meetingId'), 'meetingId'));
        if (!meeting) throw new ScriptCrash(`KeyError: meeting ${String(r['meetingId'])}`);
        const student = students.get(text(item(r, 'userId'), 'userId'));
        if (!student) throw new ScriptCrash(`KeyError: user ${String(r['userId'])} is not on the roster`);
        rows.push({ course: courseName, meeting: meeting.title, minutes: meeting.minutes, student: student.name, status: text(item(r, 'status'), 'status'), mergedFrom: student.mergedFrom });
      }
    }
  }
  return { rows, mergedMembers };
}

const SETTINGS: [string, SandboxOptions][] = [
  ['default settings', {}],
  ['shape variety on, another seed', { shapeVariety: true, seed: 11 }],
  ['shape variety on, a third seed', { shapeVariety: true, seed: 20270101 }],
  ['plain shapes', { shapeVariety: false }],
];

describe('a plain export script written against Learn, run against the sandbox', () => {
  it.each(SETTINGS)('reads every roster, meeting and record without a crash (%s)', async (_name, options) => {
    const sandbox = await withSandbox(options);
    try {
      const dir = sandbox.context().directory;
      const { rows, mergedMembers } = await exportAttendance(sandbox, userToken(sandbox, 'instructor'));

      // Every record the sandbox holds for the courses with attendance, each named by a student on the roster.
      const attendance = attendanceOf(sandbox.context());
      const courses = [DEMO_COURSES.lecture, DEMO_COURSES.seminar, DEMO_COURSES.ultra];
      for (const courseId of courses) {
        const held = attendance.meetingsOf(dir.course(`courseId:${courseId}`).id).reduce((n, m) => n + attendance.recordsOf(m.id).length, 0);
        expect(held, courseId).toBeGreaterThan(0);
        expect(rows.filter((r) => r.course === courseId), courseId).toHaveLength(held);
      }
      expect(new Set(rows.map((r) => r.course))).toEqual(new Set(courses));

      // Meetings made in Learn's grid: a null end, no title; the others keep theirs.
      expect(rows.some((r) => r.minutes === null && r.meeting.startsWith('Class on'))).toBe(true);
      expect(rows.some((r) => r.minutes === 75 && r.meeting.startsWith('Lecture'))).toBe(true);

      // 'childCourseId' in m: exactly the students enrolled through the merged child course.
      const child = dir.course(`courseId:${DEMO_COURSES.ultraChild}`);
      const parent = dir.course(`courseId:${DEMO_COURSES.ultra}`);
      const throughChild = dir.courseMemberships(parent.id).filter((m) => m.childCourseId === child.id).map((m) => m.userId);
      expect(throughChild.length).toBeGreaterThan(0);
      expect(new Map(mergedMembers)).toEqual(new Map([['BIOL-220-F26', throughChild]]));
      expect(new Set(rows.filter((r) => r.mergedFrom !== null).map((r) => r.mergedFrom))).toEqual(new Set([child.id.toUpperCase()]));
    } finally {
      await sandbox.close();
    }
  });
});
