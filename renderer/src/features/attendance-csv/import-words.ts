import type { CsvEncoding } from '../../../../shared/csv/decode';
import type { CsvDelimiter } from '../../../../shared/csv/delimiter';
import type { StudentKey } from '../../../../shared/csv/mapping';
import type { MeetingName } from '../../../../shared/domain/meeting-name';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import type { Sentence } from '../../../../shared/i18n/sentence';
import { t } from '../../ui/i18n';
import { formatDate } from '../../ui/locale-format';

/**
 * The import's words that shared/csv names but does not write: a row's reason, the encodings,
 * separators and kinds of student column, each a message in the instructor's language.
 */

/** A sentence shared/csv made (a row's reason, a mapping problem), in the screen's language. */
export function said(words: Sentence): string {
  return t(words.key, words.values);
}

/** A meeting as the preview names it: its title and start, or an untitled one's sentence in the screen's language. */
export function meetingWords(name: MeetingName): string {
  return typeof name === 'string' ? name : said(name);
}

export const ENCODING_WORDS: Record<CsvEncoding, MessageKey> = {
  'utf-8': 'imports.encodingUtf8',
  'utf-8-bom': 'imports.encodingUtf8Bom',
  'utf-16le': 'imports.encodingUtf16',
  'windows-1252': 'imports.encodingWindows',
};

export const DELIMITER_WORDS: Record<CsvDelimiter, MessageKey> = { ',': 'imports.comma', ';': 'imports.semicolon', '\t': 'imports.tab' };

export const STUDENT_KEY_WORDS: Record<StudentKey, MessageKey> = {
  userId: 'imports.keyUserId',
  userName: 'imports.keyUserName',
  studentId: 'imports.keyStudentId',
  email: 'imports.keyEmail',
  externalId: 'imports.keyExternalId',
  name: 'imports.keyName',
};

/** Options of a select, from values and their messages. */
export function optionsOf<V extends string>(words: Record<V, MessageKey>): { value: V; label: string }[] {
  return (Object.entries(words) as [V, MessageKey][]).map(([value, key]) => ({ value, label: t(key) }));
}

/** A calendar day (`2026-09-02`) in words: "2 September 2026" as the screen's locale writes it. */
export function dayWords(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return formatDate(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1), { day: 'numeric', month: 'long', year: 'numeric' });
}
