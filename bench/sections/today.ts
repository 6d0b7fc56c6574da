import 'fake-indexeddb/auto';
import { cacheRepo, courseGlances, openRollbookDb, type RollbookDb } from '../../renderer/src/db';
import { todayModel } from '../../renderer/src/features/today/today';
import { largeFile } from '../../tests/fixtures/csv/generate-large';
import { median, round } from '../stats';
import type { BenchSection } from './types';

/**
 * Today's read: every course's meetings with their states and the course's
 * rate so far, then the day's model, on a term of data (6 courses x 300 students x 40 meetings,
 * every record read from Learn: 72,000 records), against the floor of reading the same tables
 * whole with no work on them. fake-indexeddb under Node: it dominates both figures, so the ratio
 * says how much Today adds to reading its data, not how long a real window takes.
 */
const COURSES = 6;
const STUDENTS = 300;
const MEETINGS = 40;
const RUNS = 5;
const STATUSES = ['Present', 'Present', 'Present', 'Late', 'Absent', 'Excused'] as const;

async function seeded(): Promise<RollbookDb> {
  const db = await openRollbookDb(`rollbook-bench-today-${process.pid}`);
  const cache = cacheRepo(db);
  const courses = Array.from({ length: COURSES }, (_, c) => ({ id: `_${20 + c}_1`, courseId: `COURSE-${c}`, name: `Course ${c}`, role: 'Instructor', organization: false, ultra: true }));
  await cache.putCourses(courses);
  for (const course of courses) {
    const file = largeFile(STUDENTS, MEETINGS, course.id);
    await cache.putRoster(course.id, file.roster);
    await cache.putMeetings(course.id, file.meetings, new Date().toISOString());
    for (const m of file.meetings) {
      await cache.putRecords(course.id, m.id, file.roster.map((s, i) => ({ id: m.id * 1000 + i, userId: s.userId, status: STATUSES[(i + m.id) % STATUSES.length]! })), new Date().toISOString());
    }
  }
  return db;
}

export const todaySection: BenchSection = async (log) => {
  log(`today: seeding ${COURSES} courses x ${STUDENTS} students x ${MEETINGS} meetings`);
  const db = await seeded();
  try {
    const today: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let t = performance.now();
      await Promise.all([db.courses.toArray(), db.meetings.toArray(), db.rosterMembers.toArray(), db.attendanceRecords.toArray(), db.outbox.toArray(), db.conflicts.toArray()]);
      floor.push(performance.now() - t);
      t = performance.now();
      const model = todayModel(await courseGlances(db), new Date());
      today.push(performance.now() - t);
      if (model.courses.length !== COURSES) throw new Error(`Today read ${model.courses.length} of ${COURSES} courses`);
    }
    const value = round(median(today));
    const base = round(median(floor));
    const ratio = round(value / base);
    log(`today: ${value} ms against ${base} ms reading the tables whole`);
    return {
      figures: [
        {
          label: `Today's read, ${COURSES * STUDENTS * MEETINGS} records (Node, fake-indexeddb)`,
          value,
          unit: 'ms',
          baseline: { label: 'the same tables read whole', value: base, unit: 'ms' },
          ratio,
          target: '<= 1.50',
        },
      ],
      json: { todayMs: value, floorMs: base, ratioVsFloor: ratio, records: COURSES * STUDENTS * MEETINGS, runs: RUNS },
    };
  } finally {
    db.close();
  }
};
