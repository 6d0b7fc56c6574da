import { share, type CheckResult, type Checks, type Snippet } from './document-model';

/**
 * Checks every format runs the same way once its analyser has found the facts: headings,
 * language (declared, and detected from the text), and item shares (images with alternative text,
 * tables with headers, text with enough contrast). Each analyser supplies what it found; the
 * rules live here once.
 */
export const MAX_SNIPPETS = 50;

const withSnippets = (score: number, snippets: (Snippet | undefined)[] | undefined): CheckResult => {
  const located = (snippets ?? []).filter((s): s is Snippet => s !== undefined).slice(0, MAX_SNIPPETS);
  return snippets === undefined ? { score } : { score, snippets: located };
};

export interface FoundHeading {
  /** 1..n; 0 for a heading of no stated level (PDF /H). */
  level: number;
  where?: Snippet | undefined;
}

/**
 * HeadingsPresence always; when there are headings, whether they start at level one, never skip
 * a level going down (H2 -> H4), and stay within H1-H6. `located` formats (PDF) carry snippets.
 */
export function headingChecks(headings: readonly FoundHeading[], located: boolean): Checks {
  const checks: Checks = { HeadingsPresence: { score: headings.length > 0 ? 1 : 0 } };
  const levelled = headings.filter((h) => h.level > 0);
  if (levelled.length === 0) return checks;
  const first = levelled[0] as FoundHeading;
  checks.HeadingsStartAtOne = withSnippets(first.level === 1 ? 1 : 0, located ? (first.level === 1 ? [] : [first.where]) : undefined);
  const skips = levelled.filter((h, i) => i > 0 && h.level > (levelled[i - 1] as FoundHeading).level + 1);
  checks.HeadingsSequential = withSnippets(1 - skips.length / levelled.length, located ? skips.map((h) => h.where) : undefined);
  const deep = levelled.filter((h) => h.level > 6);
  checks.HeadingsHigherLevel = withSnippets(1 - deep.length / levelled.length, located ? deep.map((h) => h.where) : undefined);
  return checks;
}

/** LanguagePresence always; LanguageCorrect when a language is declared and the text says which it is. */
export function languageChecks(declared: string | undefined, text: string): Checks {
  const checks: Checks = { LanguagePresence: { score: declared?.trim() ? 1 : 0 } };
  const detected = detectLanguage(text);
  if (declared?.trim() && detected) {
    checks.LanguageCorrect = { score: primaryLanguage(declared) === detected ? 1 : 0, detectedLanguage: detected };
  }
  return checks;
}

export interface FoundItem {
  ok: boolean;
  /** Weight (characters of text); 1 for images and tables. */
  weight?: number;
  where?: Snippet | undefined;
}

/** A check scored by the share of items that are fine, with the failing ones located. */
export function itemCheck(items: readonly FoundItem[], located: boolean): CheckResult {
  const total = items.reduce((n, i) => n + (i.weight ?? 1), 0);
  const good = items.filter((i) => i.ok).reduce((n, i) => n + (i.weight ?? 1), 0);
  return withSnippets(share(good, total), located ? items.filter((i) => !i.ok).map((i) => i.where) : undefined);
}

// Language detection: a stop-word vote. Enough to tell the languages a course file is likely to
// be in apart; too little text says nothing.
const STOP_WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'with', 'are', 'this', 'on', 'be', 'by', 'it', 'as', 'from', 'or', 'you', 'your'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'dans', 'que', 'pour', 'du', 'sur', 'qui', 'par', 'pas', 'avec', 'sont', 'au', 'ce', 'vous'],
  es: ['el', 'la', 'los', 'las', 'y', 'de', 'que', 'en', 'un', 'una', 'es', 'por', 'con', 'para', 'del', 'se', 'su', 'al', 'como', 'más'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'ein', 'eine', 'den', 'zu', 'von', 'auf', 'für', 'sich', 'dem', 'des', 'im', 'sie', 'wir'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'zijn', 'voor', 'met', 'die', 'aan', 'er', 'ook', 'als', 'bij', 'wordt'],
  it: ['il', 'di', 'che', 'e', 'la', 'per', 'un', 'una', 'non', 'sono', 'della', 'con', 'del', 'gli', 'le', 'nel', 'alla', 'si', 'questo', 'anche'],
  pt: ['o', 'a', 'os', 'as', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'uma', 'para', 'com', 'não', 'por', 'mais', 'dos', 'das', 'se'],
};

/** Fewer stop-word hits than this and the text is too short to judge. */
const MIN_HITS = 5;

/** The detected language's primary subtag (`en`), or undefined when the text is too short or mixed. */
export function detectLanguage(text: string): string | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const sets = Object.entries(STOP_WORDS).map(([lang, list]) => [lang, new Set(list)] as const);
  const hits = sets.map(([lang, set]) => [lang, words.filter((w) => set.has(w)).length] as const).sort((a, b) => b[1] - a[1]);
  const [best, second] = hits;
  if (!best || best[1] < MIN_HITS) return undefined;
  // A clear winner only: shared short words ("de", "la") must not decide between close languages.
  if (second && best[1] < second[1] * 1.5) return undefined;
  return best[0];
}

/** `en-GB` -> `en`. */
export const primaryLanguage = (tag: string): string => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/** A plausible BCP 47 tag: `en`, `fr-CA`, `zh-Hant-TW`. */
export const isLanguageTag = (tag: string): boolean => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag);
