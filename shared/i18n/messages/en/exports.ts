/**
 * The words of the grid and report exports, read by people in a spreadsheet (the records export
 * keeps Learn's own names: admins' scripts read it). Each language's words are also read back
 * by the import (shared/csv/status-words.ts, mapping.ts), so an exported grid imports unchanged.
 */
export default {
  'exports.heading': 'Export',
  'exports.forExcel': 'For Excel (so names keep their accents when Excel opens the file)',
  'exports.separator': 'Separator',
  'exports.comma': 'Comma',
  'exports.semicolon': 'Semicolon (Excel where the decimal mark is a comma)',
  'exports.saveGrid': 'Export grid',
  'exports.saveLong': 'Export records (one row each)',
  'exports.saveReport': 'Export report',
  'exports.name': 'Name',
  'exports.userName': 'User name',
  'exports.studentId': 'Student ID',
  'exports.present': 'Present',
  'exports.absent': 'Absent',
  'exports.late': 'Late',
  'exports.excused': 'Excused',
  'exports.notMarked': 'Not marked',
  'exports.rate': 'Attendance %',
  'exports.overAbsences': 'Over {max} absences',
  'exports.yes': 'Yes',
  'exports.no': 'No',
  'exports.fileGrid': '{code} attendance grid {date}',
  'exports.fileLong': '{code} attendance records {date}',
  'exports.fileReport': '{code} attendance report {date}',
} as const;
