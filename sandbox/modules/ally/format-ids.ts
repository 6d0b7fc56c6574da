import { allyError } from './ally-http';
import type { FileType } from './analyse';
import { isLanguageTag } from './common-checks';

/**
 * Alternative format identifiers (seed 002: Pdf, Html, Beeline, Tts, Epub, Braille and
 * Translation:<language_code>) and which file types offer which. Identifiers are matched exactly
 * (case-sensitive), as the seed writes them.
 */
export const FORMAT_NAMES = ['Pdf', 'Html', 'Epub', 'Tts', 'Braille', 'Beeline', 'Translation'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

const LISTED = 'Pdf, Html, Epub, Tts, Braille, Beeline and Translation:<language> (e.g. Translation:fr)';

/** Formats by file type: images have none; an HTML file has no HTML format (it is one). */
export function availableFormats(fileType: FileType): FormatName[] {
  if (fileType === 'image') return [];
  if (fileType === 'html') return ['Pdf', 'Epub', 'Tts', 'Braille', 'Beeline', 'Translation'];
  return [...FORMAT_NAMES];
}

export interface FormatId {
  name: FormatName;
  /** The id the status and download paths use: `Html`, `Translation:fr`. */
  id: string;
}

function parseName(raw: string): { name: FormatName; language: string | undefined } {
  const [head, ...rest] = raw.split(':');
  const name = FORMAT_NAMES.find((f) => f === head);
  if (!name) throw allyError(400, `Unknown format '${raw}'. The formats are ${LISTED}.`);
  if (rest.length > 0 && name !== 'Translation') throw allyError(400, `Format '${raw}' takes no ':' part; only Translation does (Translation:fr).`);
  return { name, language: rest.length > 0 ? rest.join(':') : undefined };
}

function checkLanguage(language: string): string {
  if (!isLanguageTag(language)) throw allyError(400, `'${language}' is not a language code; give a BCP 47 code such as fr, es or pt-BR.`);
  return language;
}

/** The format of a create request: `Translation` takes its language from `formatParam` or `Translation:<lang>`. */
export function formatToCreate(raw: string, formatParam: string | null): FormatId {
  const { name, language } = parseName(raw);
  const param = formatParam?.trim() || undefined;
  if (name !== 'Translation') {
    if (param !== undefined) throw allyError(400, `formatParam is only for Translation; leave it out for ${name}.`);
    return { name, id: name };
  }
  if (language !== undefined && param !== undefined && language !== param) {
    throw allyError(400, `The format says Translation:${language} but formatParam says '${param}'; send one language.`);
  }
  const target = language ?? param;
  if (target === undefined) throw allyError(400, 'Translation needs a target language: send formatParam=fr (form field) or use the format Translation:fr.');
  return { name, id: `Translation:${checkLanguage(target)}` };
}

/** The format of a status or download path: Translation must name its language there. */
export function formatInPath(raw: string): FormatId {
  const { name, language } = parseName(raw);
  if (name !== 'Translation') return { name, id: name };
  if (language === undefined) throw allyError(400, 'Name the translation: use Translation:<language> (e.g. Translation:fr) in the path.');
  return { name, id: `Translation:${checkLanguage(language)}` };
}
