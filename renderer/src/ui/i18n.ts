import { en, loadCatalogue } from '../../../shared/i18n/catalogues';
import { chosenLocale, directionOf, formattingLocale, type AppLocale } from '../../../shared/i18n/locales';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import { translator, type MessagePart, type MessageValues, type Translator } from '../../../shared/i18n/translate';

/**
 * The words of the screen in the instructor's language. The language is set once, before the app
 * mounts; changing it reloads the window (the app's state lives in IndexedDB), so no screen has to
 * re-render its words live. Until then, and if a catalogue cannot load, English.
 */
let current: Translator = translator('en', en, en);
let dates: string | undefined;

/** A message of the catalogue, its placeholders filled. */
export function t(key: MessageKey, values?: MessageValues): string {
  return current(key, values);
}

/** A message whose translation marks words to stand out (`<b>`), in pieces (ui/Words.svelte shows them). */
export function tParts(key: MessageKey, values?: MessageValues): MessagePart[] {
  return current.parts(key, values);
}

/** The language the screen speaks (`lang` of the page). */
export function appLocale(): AppLocale {
  return current.locale;
}

/** The locale dates, times and numbers are written in (ui/locale-format.ts). */
export function datesLocale(): string | undefined {
  return dates;
}

/** Loads the chosen language and marks the page with it (`lang`, `dir`). */
export async function startLanguage(choice: AppLocale | 'system', wanted: readonly string[] = navigator.languages): Promise<void> {
  const locale = chosenLocale(choice, wanted);
  try {
    current = translator(locale, await loadCatalogue(locale), en);
  } catch {
    current = translator('en', en, en); // a chunk that cannot load leaves English, never a blank screen
  }
  dates = current.locale === locale ? formattingLocale(choice, wanted) : undefined;
  document.documentElement.lang = current.locale;
  document.documentElement.dir = directionOf(current.locale);
}
