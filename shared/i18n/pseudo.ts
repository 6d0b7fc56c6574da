import { isLiteralElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue, MessageKey } from './messages/en';

/**
 * The pseudo-locale: each English message accented, about 40 % longer and in brackets, its
 * placeholders untouched. A screen in it shows at a glance a word that skipped the catalogue (plain
 * English) or a box too narrow for longer languages (a bracket cut off).
 */
const ACCENTED: Record<string, string> = {
  a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', y: 'ý', s: 'š', z: 'ž',
  A: 'Á', E: 'É', I: 'Í', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', Y: 'Ý', S: 'Š', Z: 'Ž',
};
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

function accent(text: string): string {
  return text.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch);
}

function lengthen(elements: MessageFormatElement[]): void {
  for (const el of elements) {
    if (isLiteralElement(el)) el.value = accent(el.value);
    else if (isPluralElement(el) || isSelectElement(el)) for (const option of Object.values(el.options)) lengthen(option.value);
    else if (isTagElement(el)) lengthen(el.children);
  }
}

function letters(elements: MessageFormatElement[]): number {
  // A tag's words and a plural's longest form count as the message's own: the padding is for what is shown.
  const own = (el: MessageFormatElement): number =>
    isLiteralElement(el) ? el.value.length
    : isTagElement(el) ? letters(el.children)
    : isPluralElement(el) || isSelectElement(el) ? Math.max(4, ...Object.values(el.options).map((o) => letters(o.value)))
    : 4;
  return elements.reduce((n, el) => n + own(el), 0);
}

/** One message in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const padding = '~'.repeat(Math.ceil(letters(ast) * 0.4));
  lengthen(ast);
  return `${PSEUDO_OPEN}${printAST(ast)} ${padding}${PSEUDO_CLOSE}`;
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  const out = {} as Record<MessageKey, string>;
  for (const key of Object.keys(english) as MessageKey[]) out[key] = pseudoMessage(english[key]);
  return out;
}
