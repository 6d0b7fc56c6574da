import { sentence, type Sentence } from '../i18n/sentence';

/**
 * Refuses a file that is not text before it is read as a CSV. Any bytes decode as Windows-1252,
 * so a picture, a PDF or an Excel workbook used to reach the mapping step as "13 rows" of
 * mojibake; the instructor now reads what the file is and what to choose instead.
 *
 * Text files from spreadsheets hold almost no control characters (tab, line breaks only); a binary
 * file decoded as text is full of them (NUL above all) and of U+FFFD where bytes made no
 * character. A short look at the first bytes names the usual mistakes (a workbook, a PDF, a picture).
 */

/** How much of the decoded text is looked at: enough for any header and many rows, cheap on a large file. */
const SAMPLE_CHARS = 64 * 1024;
/** Share of unreadable characters above which the file is not text (a real CSV has none; 1 % leaves room for a stray one). */
const MAX_UNREADABLE_SHARE = 0.01;

// Control characters other than tab, line feed and carriage return; DEL and C1 controls; the replacement character.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/g;

const startsWith = (bytes: Uint8Array, ...mark: number[]): boolean => mark.every((b, i) => bytes[i] === b);

/** What the first bytes say the file is (the message `imports.notText` says it in words); null when they say nothing known. */
function knownKind(bytes: Uint8Array, fileName: string): string | null {
  const workbook = /\.(xlsx|xlsm|xls|ods|numbers)$/i.test(fileName);
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return workbook ? 'workbook' : 'zip';
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return workbook ? 'oldWorkbook' : 'oldOffice';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff) || startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return 'picture';
  return null;
}

/**
 * Why `fileName` cannot be imported as a CSV ("it is a PDF, not a CSV file. …", to follow "Rollbook
 * could not read <file>: "), or null when it reads as text. `bytes` are the file's, `text` what they decoded to.
 */
export function notTextReason(bytes: Uint8Array, text: string, fileName: string): Sentence | null {
  const kind = knownKind(bytes, fileName);
  const sample = text.slice(0, SAMPLE_CHARS);
  const unreadable = sample.match(UNREADABLE)?.length ?? 0;
  if (!kind && (sample.length === 0 || unreadable / sample.length <= MAX_UNREADABLE_SHARE)) return null;
  return sentence('imports.notText', { kind: kind ?? 'text' });
}
