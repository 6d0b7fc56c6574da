import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { GLOSSARY, type GlossaryWord, type Term } from '../../shared/i18n/glossary';
import { LOCALES, type Locale } from '../../shared/i18n/locales';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { loadHelpPages } from '../../renderer/src/features/help/pages';

/**
 * One word per thing in each language (shared/i18n/glossary.ts): no message and no Help page uses
 * another word for a glossary term, each control the glossary names shows the glossary's word, and
 * a sentence quoting that control quotes its label as the screen shows it. Every message is read
 * through the language's catalogue (its index), so an area added later is held to it too.
 */
const TERMS = Object.entries(GLOSSARY) as [string, Term][];

interface Text {
  readonly where: string;
  readonly text: string;
}

async function textsOf(locale: Locale): Promise<Text[]> {
  const catalogue = await loadCatalogue(locale);
  // A placeholder's name ("{unmarked, number}") is not a word anyone reads.
  const messages = Object.entries(catalogue).map(([key, text]) => ({ where: key, text: text.replace(/\{\s*[A-Za-z_]\w*/g, '{') }));
  const pages = (await loadHelpPages(locale)).flatMap((p) =>
    [p.title, p.summary, ...p.sections.flatMap((s) => [s.heading ?? '', ...(s.paragraphs ?? []), ...(s.steps ?? [])])].map((text) => ({ where: `help:${p.id}`, text })),
  );
  return [...messages, ...pages];
}

/**
 * Where a variant is found: from the start of a word, with any ending ("Sitzung" finds "Sitzungen",
 * "ausstehend" finds "ausstehenden"); in Arabic anywhere, as it joins articles and prepositions to
 * the word (الـ، بـ، لـ، و).
 */
function finder(locale: Locale, word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return locale === 'ar' ? new RegExp(escaped, 'u') : new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, 'iu');
}

function withoutExceptions(text: string, word: GlossaryWord): string {
  let out = text;
  for (const phrase of word.except ?? []) out = out.replace(new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), ' ');
  return out;
}

/** Names a sentence quotes, in any language's marks (“…”, « … », „…“, ‘…’, "…"). */
function quotes(text: string): string[] {
  const marks = [/“([^”]+)”/g, /«\s?([^»]+?)\s?»/g, /„([^“]+)“/g, /‘([^’]+)’/g, /"([^"]+)"/g];
  return marks.flatMap((re) => [...text.matchAll(re)].map((m) => (m[1] ?? '').trim()));
}

/** Arabic-Indic digits read as the digits a Help page writes. */
const digits = (s: string): string => s.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\u066c\u202f\u00a0]/g, ' ');
const fold = (s: string): string => digits(s).toLocaleLowerCase();
const isCounted = (key: MessageKey): boolean => /\{count,/.test(en[key]);

describe('one word per thing in each language', () => {
  for (const locale of LOCALES) {
    it(`${locale}: no message or Help page uses a word the glossary forbids`, async () => {
      const texts = await textsOf(locale);
      const found: string[] = [];
      for (const [id, term] of TERMS) {
        const word = term.words[locale];
        for (const variant of word.not ?? []) {
          const re = finder(locale, variant);
          for (const t of texts) if (re.test(withoutExceptions(t.text, word))) found.push(`${t.where}: “${variant}” for ${id} (say “${word.word}”)`);
        }
      }
      expect(found).toEqual([]);
    });

    it(`${locale}: every control the glossary names shows its word, and every sentence quoting it quotes that label`, async () => {
      const catalogue = await loadCatalogue(locale);
      const t = translator(locale, catalogue, en);
      const texts = await textsOf(locale);
      const wrong: string[] = [];
      for (const [id, term] of TERMS) {
        const word = term.words[locale];
        // The glossary's word is one the screens use (not a word only the glossary knows).
        if (!texts.some((x) => fold(x.text).includes(fold(word.word)))) wrong.push(`${id}: “${word.word}” appears nowhere`);
        for (const key of term.labels ?? []) {
          const label = t(key, { count: 3 });
          if (isCounted(key) ? !label.includes(word.word) : label !== word.word) wrong.push(`${key} shows “${label}”, the glossary says “${word.word}”`);
        }
        // A quote naming this control (its word or a variant, in any case; for a count, "3 …" with one) is its label exactly.
        const names = [word.word, ...(word.not ?? [])].map(fold);
        for (const x of texts) {
          for (const q of quotes(x.text)) {
            const count = /^(\d+)\s/.exec(digits(q))?.[1];
            const labels = (term.labels ?? []).filter((key) => (count !== undefined) === isCounted(key));
            const namesIt = count !== undefined ? names.some((name) => fold(q).includes(name)) : names.includes(fold(q));
            if (labels.length === 0 || !namesIt) continue;
            const shown = labels.map((key) => t(key, { count: Number(count ?? 0) }));
            if (!shown.some((label) => digits(label) === digits(q))) wrong.push(`${x.where} quotes “${q}”, the screen shows “${shown[0] ?? ''}”`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
