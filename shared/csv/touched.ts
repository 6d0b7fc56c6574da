import type { ColumnMapping } from './mapping';
import { MeetingIndex } from './meetings';
import type { CsvRow } from './parse';
import type { AttendanceSheet, SheetMeeting } from './sheet';

/**
 * The course's meetings a file names, found the way the planner finds them, without planning any
 * record: so the import can read just those meetings' records from Learn before the preview
 * (one read per meeting), and the preview's new / changed / unchanged describe Learn.
 */
export function meetingsTouched(sheet: AttendanceSheet, header: readonly string[], mapping: ColumnMapping, rows: readonly CsvRow[]): SheetMeeting[] {
  const index = new MeetingIndex(sheet.meetings, mapping.dateOrder ?? 'dmy');
  const found = new Map<string, SheetMeeting>();
  if (mapping.shape === 'grid') {
    for (const column of mapping.meetingColumns) {
      const match = index.forColumn(header[column] ?? '');
      if (match.kind === 'found') found.set(match.meeting.key, match.meeting);
    }
    return [...found.values()];
  }
  const cell = (row: CsvRow, column: number): string => (column >= 0 ? (row.cells[column] ?? '') : '');
  // A long file repeats each meeting on every student's row: look each distinct one up once.
  const seen = new Set<string>();
  for (const row of rows) {
    const cells = [cell(row, mapping.meetingIdColumn), cell(row, mapping.meetingTitleColumn), cell(row, mapping.startColumn), cell(row, mapping.endColumn)] as const;
    const key = cells.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    const match = index.forRecord(...cells);
    if (match.kind === 'found') found.set(match.meeting.key, match.meeting);
  }
  return [...found.values()];
}
