import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttendanceStatus } from '../../shared/api/attendance';
import { recordKey, type AttendanceSheet, type SheetMeeting, type SheetStudent } from '../../shared/csv/sheet';

/**
 * The course the CSV fixtures in tests/fixtures/csv/ were written for. Meeting starts are built in
 * local time, so the grid's column titles ("2026-09-01 09:00 Lecture 1") match in any time zone.
 */
export const STUDENTS: SheetStudent[] = [
  { userId: '_101_1', userName: 'mokafor', givenName: 'Maya', familyName: 'Okafor', studentId: 'S1001', email: 'mokafor@northfield.example.edu', externalId: 'NU-mokafor' },
  { userId: '_102_1', userName: 'jmuller', givenName: 'Jürgen', familyName: 'Müller', studentId: 'S1002', email: 'jmuller@northfield.example.edu', externalId: 'NU-jmuller' },
  { userId: '_103_1', userName: 'rnunez', givenName: 'Renée', familyName: 'Núñez', studentId: 'S1003', email: 'rnunez@northfield.example.edu', externalId: 'NU-rnunez' },
  { userId: '_104_1', userName: 'sobrien', givenName: 'Seán', familyName: "O'Brien", studentId: 'S1004', email: 'sobrien@northfield.example.edu', externalId: 'NU-sobrien' },
  // A student who set a formula as their display name: exported neutralised, imported intact.
  { userId: '_105_1', userName: 'hacker', givenName: '=HYPERLINK("http://evil.example","x")', familyName: '@SUM(1+1)', studentId: 'S1005', email: 'hacker@northfield.example.edu', externalId: 'NU-hacker' },
  { userId: '_106_1', userName: 'anguyen', givenName: 'Anh', familyName: 'Nguyen', studentId: 'S1006', email: 'anguyen@northfield.example.edu', externalId: 'NU-anguyen' },
];

const local = (y: number, mo: number, d: number, h: number, mi = 0): string => new Date(y, mo - 1, d, h, mi).toISOString();

export const MEETINGS: SheetMeeting[] = [
  { key: '1001', serverId: 1001, title: 'Lecture 1', start: local(2026, 9, 1, 9), end: local(2026, 9, 1, 10, 15) },
  { key: '1002', serverId: 1002, title: 'Lecture 2, part 1', start: local(2026, 9, 8, 9), end: local(2026, 9, 8, 10, 15) },
  { key: '1003', serverId: 1003, title: 'Lab', start: local(2026, 9, 10, 14), end: local(2026, 9, 10, 16) },
];

/** The course before any import: Maya present at Lecture 1, Jürgen absent at Lecture 1. */
export function fixtureSheet(extra: [string, string, AttendanceStatus][] = []): AttendanceSheet {
  const statuses = new Map<string, AttendanceStatus>([
    [recordKey('1001', '_101_1'), 'Present'],
    [recordKey('1001', '_102_1'), 'Absent'],
  ]);
  for (const [m, u, s] of extra) statuses.set(recordKey(m, u), s);
  return { courseId: '_12_1', courseCode: 'PSYC-101-F26', students: STUDENTS, meetings: MEETINGS, statuses };
}

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/csv', name)));
}
