/**
 * The languages Rollbook speaks, and how one is chosen: the instructor's choice in Settings, else
 * the first of the system's (desktop) or browser's languages that Rollbook has, else English.
 * `en-XA` is a pseudo-locale for tests only: English accented, longer and bracketed, so a word left
 * untranslated or clipped shows on screen (docs/decisions/messages-and-languages.md).
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'nl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language in its own words, as language pickers show them (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  nl: 'Nederlands',
  ar: 'العربية',
};

export function isAppLocale(value: unknown): value is AppLocale {
  return value === PSEUDO_LOCALE || (LOCALES as readonly unknown[]).includes(value);
}

/** The first wanted language Rollbook has, by its language part (`es-MX` is Spanish); else English. */
export function negotiate(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    const found = LOCALES.find((l) => l === language);
    if (found) return found;
  }
  return 'en';
}

/** The choice when there is one, else the system's or browser's languages. */
export function chosenLocale(choice: AppLocale | 'system', wanted: readonly string[]): AppLocale {
  return choice === 'system' ? negotiate(wanted) : choice;
}

/**
 * The locale dates and numbers are written in. Following the system: the runtime's default
 * (undefined), so an English screen on a Brazilian laptop keeps day-month order, as before
 * languages came. A chosen language keeps the system's region where it is the same language (`fr`
 * on `fr-CA` writes Canadian dates).
 */
export function formattingLocale(choice: AppLocale | 'system', wanted: readonly string[]): string | undefined {
  if (choice === 'system') return undefined;
  if (choice === PSEUDO_LOCALE) return 'en';
  return wanted.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === choice) ?? choice;
}

export function directionOf(locale: AppLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The languages an HTTP `Accept-Language` header asks for, most wanted first (by `q`, then order):
 * what `negotiate` takes for a page the host writes itself. `q=0` means "not this one".
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((l) => l.tag);
}
