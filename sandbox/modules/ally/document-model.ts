/**
 * What a document says, independent of its file format (the demo generator writes files from it,
 * the analysers read it back out of uploaded bytes, the alternative formats are rendered from it),
 * and what analysing it found: the check results. Only what Ally's checks and renditions need.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string; lowContrast?: boolean }
  | { kind: 'image'; description: string; alt?: string | undefined }
  | { kind: 'table'; rows: string[][]; headerRow: boolean };

export interface DocModel {
  /** The title held in the file's metadata (absent when the file declares none). */
  title?: string | undefined;
  /** The declared language (BCP 47), absent when the file declares none. */
  lang?: string | undefined;
  blocks: Block[];
}

/** All readable text of a document, in order (for language detection and renditions). */
export function plainText(model: DocModel): string {
  const parts: string[] = [];
  for (const block of model.blocks) {
    if (block.kind === 'heading' || block.kind === 'paragraph') parts.push(block.text);
    else if (block.kind === 'table') parts.push(...block.rows.flat());
  }
  return parts.join('\n');
}

/** The title a rendition shows: the declared one, else the first heading, else the file name. */
export function displayTitle(model: DocModel, fileName: string): string {
  if (model.title?.trim()) return model.title.trim();
  const heading = model.blocks.find((b) => b.kind === 'heading');
  if (heading && heading.kind === 'heading' && heading.text.trim()) return heading.text.trim();
  return fileName.replace(/\.[^.]+$/, '');
}

/** True when the model holds any text at all (a scanned PDF yields none). */
export function hasText(model: DocModel): boolean {
  return plainText(model).trim().length > 0;
}

/**
 * The checks the sandbox runs, by the names Ally reports (feedback-definitions.md). `Ocred` and
 * the deprecated `LibraryReference` are never reported: the sandbox does not OCR, and the
 * definitions page says LibraryReference is unused.
 */
export const CHECK_NAMES = [
  'Scanned',
  'Tagged',
  'AlternativeText',
  'Contrast',
  'HeadingsPresence',
  'HeadingsStartAtOne',
  'HeadingsSequential',
  'HeadingsHigherLevel',
  'TableHeaders',
  'Title',
  'LanguagePresence',
  'LanguageCorrect',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** A located problem: coordinates on a page of the PDF (points, origin bottom-left). */
export interface Snippet {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface CheckResult {
  /** 0 (fails) .. 1 (passes). */
  score: number;
  snippets?: Snippet[];
  detectedLanguage?: string;
}

/** Only the checks that apply to the file appear (no images: no AlternativeText). */
export type Checks = Partial<Record<CheckName, CheckResult>>;

/** What analysing a file's bytes yields: a report and the text model, or why it could not be read. */
export type Analysis =
  | { ok: true; checks: Checks; model: DocModel }
  | { ok: false; reason: string };

/** A check that passes or fails as a whole. */
export const passFail = (passes: boolean): CheckResult => ({ score: passes ? 1 : 0 });

/** Share of `total` items that are fine; 1 when there is nothing to check. */
export const share = (good: number, total: number): number => (total === 0 ? 1 : good / total);
