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

const CHECKS = ['Scanned', 'Ocred', 'Tagged', 'AlternativeText', 'Contrast', 'HeadingsPresence', 'HeadingsStartAtOne', 'HeadingsSequential', 'HeadingsHigherLevel', 'TableHeaders', 'Title', 'LanguagePresence', 'LanguageCorrect', 'LibraryReference'] as const;
type KnownCheck = (typeof CHECKS)[number];
const isKnown = (check: string): check is KnownCheck => (CHECKS as readonly string[]).includes(check);

export function checkWords(check: string): CheckWords {
  if (!isKnown(check)) return { title: check, fix: t('accessibility.fixUnknown') };
  return { title: t(`accessibility.check${check}`), fix: t(`accessibility.fix${check}`) };
}

/** Where a file sits: its folders, and the item's title when it is not just the file's name. */
export function placeOf(file: { folderPath: string[]; itemTitle: string; fileName: string }): string {
  const parts = file.itemTitle === file.fileName ? file.folderPath : [...file.folderPath, file.itemTitle];
  return parts.length > 0 ? parts.join(' › ') : t('accessibility.topLevel');
}

/** Ally's rating of a file (low, medium, high, perfect) in words; one Ally adds later, as Ally names it. */
export function ratingWords(rating: string | undefined): string {
  switch (rating?.toLowerCase()) {
    case 'low':
      return t('accessibility.ratingLow');
    case 'medium':
      return t('accessibility.ratingMedium');
    case 'high':
      return t('accessibility.ratingHigh');
    case 'perfect':
      return t('accessibility.ratingPerfect');
    default:
      return rating ?? '—';
  }
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
