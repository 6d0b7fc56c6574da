import { describe, expect, it } from 'vitest';
import { chosenLocale, directionOf, formattingLocale, negotiate } from '../../shared/i18n/locales';

describe('choosing the language', () => {
  it('takes the first system or browser language Rollbook has, by its language part, else English', () => {
    expect(negotiate(['es-MX', 'en-US'])).toBe('es');
    expect(negotiate(['pt-BR', 'nl-BE', 'en'])).toBe('nl');
    expect(negotiate(['AR'])).toBe('ar');
    expect(negotiate(['pt-BR', 'ja'])).toBe('en');
    expect(negotiate([])).toBe('en');
  });

  it('puts the instructor’s choice before the system’s', () => {
    expect(chosenLocale('de', ['fr-FR'])).toBe('de');
    expect(chosenLocale('system', ['fr-FR'])).toBe('fr');
  });

  it('writes dates as before when following the system, and keeps the system’s region for a chosen language of the same tongue', () => {
    expect(formattingLocale('system', ['pt-BR'])).toBeUndefined();
    expect(formattingLocale('fr', ['en-GB', 'fr-CA'])).toBe('fr-CA');
    expect(formattingLocale('nl', ['en-GB'])).toBe('nl');
    expect(formattingLocale('en-XA', ['de-DE'])).toBe('en');
  });

  it('lays Arabic out right to left, and only Arabic', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(['en', 'es', 'fr', 'de', 'nl', 'en-XA'].map((l) => directionOf(l as 'en'))).toEqual(Array(6).fill('ltr'));
  });
});
