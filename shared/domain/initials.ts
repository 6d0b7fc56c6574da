/**
 * The letters shown in a circle for a student without a photo: the first letter of the given name
 * and of the family name, in the user's language ("Ana Ng" -> "AN", "ömer çelik" -> "ÖÇ", in Turkish
 * "ismail yılmaz" -> "İY"). Letters are whole graphemes (a base letter with its combining accents), and
 * leading marks such as an apostrophe are skipped. Scripts without capitals (Han, Hangul, kana)
 * show the family name's first character alone, as such names are usually abbreviated.
 */
export function initialsOf(person: { givenName: string; familyName: string; userName?: string }, locale?: string | readonly string[]): string {
  const locales = typeof locale === 'string' ? locale : locale ? [...locale] : undefined;
  const given = firstLetter(person.givenName, locales);
  const family = firstLetter(person.familyName, locales);
  if (family && !hasCase(family)) return family;
  if (given && !hasCase(given) && !family) return given;
  const letters = `${given}${family}`;
  if (letters) return letters.toLocaleUpperCase(locales);
  return firstLetter(person.userName ?? '', locales).toLocaleUpperCase(locales);
}

const segmenters = new Map<string, Intl.Segmenter>();

function firstLetter(text: string, locales: string | string[] | undefined): string {
  const key = String(locales ?? '');
  let segmenter = segmenters.get(key);
  if (!segmenter) segmenters.set(key, (segmenter = new Intl.Segmenter(locales, { granularity: 'grapheme' })));
  for (const { segment } of segmenter.segment(text.normalize('NFC'))) {
    if (/\p{L}|\p{N}/u.test(segment)) return segment;
  }
  return '';
}

function hasCase(letter: string): boolean {
  return letter.toLocaleUpperCase() !== letter.toLocaleLowerCase();
}
