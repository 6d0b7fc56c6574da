import { t } from '../../ui/i18n';
import { formatNumber } from '../../ui/locale-format';
import type { AllyReport, Snippet } from '../../../../shared/api/ally';

/**
 * Ally's checks in an instructor's words: what the check looks at and how to fix a file that
 * fails it (after Ally's own feedback-definitions.md). A check this table does not know is shown
 * by its name, so a newer Ally's checks are never hidden.
 */
export interface CheckWords {
  title: string;
  fix: string;
}

const WORDS: Readonly<Record<string, CheckWords>> = {
  Scanned: { title: 'Text can be read (not a scan)', fix: 'Replace the scan with the original document, or run it through OCR so the text can be selected.' },
  Ocred: { title: 'Scan was OCRed', fix: 'Check the OCR text for errors, or use the original document.' },
  Tagged: { title: 'PDF is tagged', fix: 'Export the PDF again with "Tagged PDF" or "Document structure tags" turned on.' },
  AlternativeText: { title: 'Images have descriptions', fix: 'Add alternative text to each image that carries meaning, or mark it decorative.' },
  Contrast: { title: 'Text contrast', fix: 'Use darker text on a light background (at least 4.5:1, or 3:1 for large text).' },
  HeadingsPresence: { title: 'Has headings', fix: 'Mark section titles with heading styles (Heading 1, Heading 2, ...).' },
  HeadingsStartAtOne: { title: 'Headings start at level 1', fix: 'Make the first heading a Heading 1.' },
  HeadingsSequential: { title: 'Headings in order', fix: 'Do not skip heading levels (a Heading 3 follows a Heading 2).' },
  HeadingsHigherLevel: { title: 'Headings within six levels', fix: 'Use heading levels 1 to 6 only.' },
  TableHeaders: { title: 'Tables have header rows', fix: 'Mark the first row of each data table as a header row.' },
  Title: { title: 'Document has a title', fix: 'Set the title in the document properties before saving.' },
  LanguagePresence: { title: 'Language is set', fix: 'Set the document language in its properties or the authoring tool.' },
  LanguageCorrect: { title: 'Language matches the text', fix: 'Change the document language to the language the text is written in.' },
  LibraryReference: { title: 'Library reference', fix: 'No action: Ally no longer uses this check.' },
};

export function checkWords(check: string): CheckWords {
  return WORDS[check] ?? { title: check, fix: 'See Ally’s help for this check.' };
}

/** Where a file sits: its folders, and the item's title when it is not just the file's name. */
export function placeOf(file: { folderPath: string[]; itemTitle: string; fileName: string }): string {
  const parts = file.itemTitle === file.fileName ? file.folderPath : [...file.folderPath, file.itemTitle];
  return parts.length > 0 ? parts.join(' › ') : 'Top level';
}

/** 0.431 -> "43%"; null -> "no score". */
export function percent(score: number | null | undefined): string {
  return score === null || score === undefined ? t('accessibility.noScore') : formatNumber(score, { style: 'percent', maximumFractionDigits: 0 });
}

/** One row of the report: a check, its score, what fixing it would bring, where the problems are. */
export interface CheckRow {
  check: string;
  words: CheckWords;
  score: number | null;
  /** The whole file's score once this check is fixed (Ally's suggestion), when Ally gives one. */
  scoreIfFixed: number | null;
  snippets: Snippet[];
  detectedLanguage?: string;
}

/** The report's checks, failing ones first (largest gain first), passing ones after. */
export function checkRows(report: AllyReport): CheckRow[] {
  const rows: CheckRow[] = Object.entries(report.results).flatMap(([check, result]) =>
    result
      ? [{ check, words: checkWords(check), score: result.score, scoreIfFixed: report.suggestions[check] ?? null, snippets: result.snippets ?? [], ...(result.detectedLanguage ? { detectedLanguage: result.detectedLanguage } : {}) }]
      : [],
  );
  const failing = (r: CheckRow): boolean => r.score !== null && r.score < 1;
  return rows.sort((a, b) => Number(failing(b)) - Number(failing(a)) || (b.scoreIfFixed ?? 0) - (a.scoreIfFixed ?? 0) || (a.score ?? 1) - (b.score ?? 1) || a.check.localeCompare(b.check));
}

/** Every problem box of a report, grouped by page (pages from 0, as Ally numbers them). */
export function boxesByPage(rows: readonly CheckRow[]): Map<number, { check: string; title: string; snippet: Snippet }[]> {
  const pages = new Map<number, { check: string; title: string; snippet: Snippet }[]>();
  for (const row of rows) {
    if (row.score === null || row.score >= 1) continue;
    for (const snippet of row.snippets) {
      const list = pages.get(snippet.page) ?? [];
      list.push({ check: row.check, title: row.words.title, snippet });
      pages.set(snippet.page, list);
    }
  }
  return pages;
}
