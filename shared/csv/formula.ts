/**
 * Spreadsheet formula injection (CSV injection): a cell starting with = + - @, a tab or a carriage
 * return is run as a formula by Excel, LibreOffice and Sheets. A student can choose their own
 * display name, so every exported cell goes through `neutraliseCell`.
 *
 * The rule (docs/api-notes/attendance-csv.md, "CSV export"):
 * - a plain number such as `-5` or `-0.25` is kept as it is: spreadsheets read it as a number,
 *   never as a formula, and prefixing it would turn a number into text;
 * - any other cell starting with a trigger gets a leading apostrophe, which spreadsheets take as
 *   "this is text" (OWASP's advice);
 * - a cell that already starts with apostrophes followed by a trigger gets one more, so import
 *   (`restoreCell`, which removes exactly one) gives back exactly what was exported.
 */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

/** The inverse on import: `'=SUM(A1)` -> `=SUM(A1)`; `'Brien` (no trigger after it) is kept as typed. */
export function restoreCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
