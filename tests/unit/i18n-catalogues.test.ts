import { isArgumentElement, isDateElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, isStructurallySame, isTimeElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { LOCALES } from '../../shared/i18n/locales';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoMessage } from '../../shared/i18n/pseudo';
import { translator } from '../../shared/i18n/translate';

const keys = Object.keys(en) as MessageKey[];

/** Plural forms a language needs. `many` in Spanish and French is for round millions only ("1 000 000 de caractères"): `other` reads right for every count Rollbook shows. */
function needed(locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  return ['es', 'fr'].includes(locale) ? categories.filter((c) => c !== 'many') : categories;
}

function plurals(elements: MessageFormatElement[], out: string[][] = []): string[][] {
  for (const el of elements) {
    if (isPluralElement(el) && el.pluralType === 'cardinal') out.push(Object.keys(el.options));
    if (isPluralElement(el) || isSelectElement(el)) for (const option of Object.values(el.options)) plurals(option.value, out);
    if (isTagElement(el)) plurals(el.children, out);
  }
  return out;
}

describe('message catalogues', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every English message, no other, each parsing with the same placeholders and every plural form the language has`, async () => {
      const catalogue = await loadCatalogue(locale);
      expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
      const problems: string[] = [];
      for (const key of keys) {
        let ast: MessageFormatElement[];
        try {
          ast = parse(catalogue[key]);
        } catch (error) {
          problems.push(`${key}: does not parse (${String(error)})`);
          continue;
        }
        const same = isStructurallySame(parse(en[key]), ast);
        if (!same.success) problems.push(`${key}: ${same.error?.message}`);
        for (const forms of plurals(ast)) {
          const missing = needed(locale).filter((c) => !forms.includes(c));
          if (missing.length) problems.push(`${key}: plural lacks ${missing.join(', ')}`);
        }
        // A sentence left as in English is a miss; a single shared word ("Message" in French) is not.
        const words = en[key].replace(/\{[^}]*\}|Rollbook|Learn|HTML/g, '').match(/[a-z]{3,}/gi) ?? [];
        if (locale !== 'en' && catalogue[key] === en[key] && words.length > 1) problems.push(`${key}: still English`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('writes Arabic counts in each of its six forms', async () => {
    const t = translator('ar', await loadCatalogue('ar'), en);
    const words = [0, 1, 2, 3, 11, 100].map((length) => t('announcements.titleTooLong', { length, max: 255 }).split('؛')[0]);
    expect(new Set(words).size).toBe(6);
    expect(words[1]).toContain('حرف واحد');
    expect(words[2]).toContain('حرفان');
  });

  it('gives the words a translation marks to stand out as their own pieces, wherever that language puts them', async () => {
    const t = translator('de', await loadCatalogue('de'), en);
    const values = { now: 'Ana Ruiz (ta)', before: 'Maya Okafor (instructor)', nowName: 'Ana Ruiz' };
    const parts = t.parts('sites.confirmBody', values);
    expect(parts.filter((p) => typeof p !== 'string')).toEqual([{ strong: 'Ana Ruiz (ta)' }, { strong: 'Maya Okafor (instructor)' }]);
    expect(parts.map((p) => (typeof p === 'string' ? p : p.strong)).join('')).toBe(t('sites.confirmBody', values));
    expect(t('sites.confirmBody', values)).not.toContain('<b>');
  });

  it('falls back to the English message when a translation cannot be formatted, rather than showing nothing', () => {
    const broken = { ...en, 'announcements.posted': 'Publié : {titre}' };
    const t = translator('fr', broken, en);
    expect(t('announcements.posted', { title: 'Examen' })).toBe('Announcement “Examen” posted');
    const unparsable = translator('fr', { ...en, 'announcements.posted': 'Annonce « {title » publiée' }, en);
    expect(unparsable('announcements.posted', { title: 'Examen' })).toBe('Announcement “Examen” posted');
  });
});

/** Values for every placeholder of a message: a name for text, a count for plurals and numbers, a date for dates, a select's `other` (a number, never shown). */
function valuesFor(elements: MessageFormatElement[], out: Record<string, string | number | Date> = {}): Record<string, string | number | Date> {
  for (const el of elements) {
    if (isArgumentElement(el)) out[el.value] = `Quiz ${el.value}`;
    else if (isNumberElement(el) || isPluralElement(el)) out[el.value] = 3;
    else if (isDateElement(el) || isTimeElement(el)) out[el.value] = new Date(0);
    else if (isSelectElement(el)) out[el.value] = 0; // not shown: any value but its keys picks `other`
    if (isPluralElement(el) || isSelectElement(el)) for (const option of Object.values(el.options)) valuesFor(option.value, out);
    if (isTagElement(el)) valuesFor(el.children, out);
  }
  return out;
}

describe('the pseudo-locale', () => {
  it('keeps every placeholder, brackets the message and makes it at least 30 % longer', () => {
    const t = translator('en-XA', Object.fromEntries(keys.map((k) => [k, pseudoMessage(en[k])])) as typeof en, en);
    const english = translator('en', en, en);
    for (const key of keys) {
      const values = valuesFor(parse(en[key]));
      const shown = t(key, values);
      expect(shown.startsWith(PSEUDO_OPEN) && shown.endsWith(PSEUDO_CLOSE), key).toBe(true);
      expect(shown.length, key).toBeGreaterThanOrEqual(english(key, values).length * 1.3);
      for (const value of Object.values(values)) if (typeof value === 'string') expect(shown, key).toContain(value);
    }
  });
});
