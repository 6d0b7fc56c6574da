import type { AppLocale } from './locales';
import { en, type Catalogue } from './messages/en';

/**
 * A language's messages, loaded when chosen: English is always there (the fallback); the others
 * and the pseudo-locale are separate chunks, so a screen carries only the one language in use.
 */
export async function loadCatalogue(locale: AppLocale): Promise<Catalogue> {
  switch (locale) {
    case 'en':
      return en;
    case 'es':
      return (await import('./messages/es')).es;
    case 'fr':
      return (await import('./messages/fr')).fr;
    case 'de':
      return (await import('./messages/de')).de;
    case 'nl':
      return (await import('./messages/nl')).nl;
    case 'ar':
      return (await import('./messages/ar')).ar;
    case 'en-XA':
      return (await import('./pseudo')).pseudoCatalogue(en);
  }
}

export { en };
