import type { AttendanceStatus } from '../api/attendance';
import { en, type MessageKey } from '../i18n/messages/en';
import { translator, type MessageValues } from '../i18n/translate';

/**
 * The words of the grid and the report, in the instructor's language (the messages of the
 * `exports` area). The records export keeps Learn's own column names and status values: admins'
 * scripts read it, as they read Learn's. Every language's grid imports back unchanged: the
 * import reads these headers and status words (mapping.ts, status-words.ts).
 */
export interface ExportWords {
  name: string;
  userName: string;
  studentId: string;
  status: Readonly<Record<AttendanceStatus, string>>;
  notMarked: string;
  rate: string;
  overAbsences: (max: number) => string;
  yes: string;
  no: string;
  fileName: (kind: ExportKind, code: string, date: string) => string;
}

export type ExportKind = 'grid' | 'long' | 'report';

/** A language's messages, as `t` formats them (renderer/src/ui/i18n.ts) or a translator. */
export type Say = (key: MessageKey, values?: MessageValues) => string;

const FILE_KEYS: Record<ExportKind, MessageKey> = { grid: 'exports.fileGrid', long: 'exports.fileLong', report: 'exports.fileReport' };

export function exportWords(say: Say): ExportWords {
  return {
    name: say('exports.name'),
    userName: say('exports.userName'),
    studentId: say('exports.studentId'),
    status: { Present: say('exports.present'), Absent: say('exports.absent'), Late: say('exports.late'), Excused: say('exports.excused') },
    notMarked: say('exports.notMarked'),
    rate: say('exports.rate'),
    // A plain number: the header is data in a spreadsheet, not a sentence to format.
    overAbsences: (max) => say('exports.overAbsences', { max: String(max) }),
    yes: say('exports.yes'),
    no: say('exports.no'),
    fileName: (kind, code, date) => say(FILE_KEYS[kind], { code, date }),
  };
}

/** English: the default, and what the tests of the shapes read. */
export const ENGLISH_EXPORT_WORDS = exportWords(translator('en', en, en));
