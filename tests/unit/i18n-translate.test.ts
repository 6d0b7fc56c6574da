import { describe, expect, it } from 'vitest';
import { en, type Catalogue } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';

/** English with a few messages written as a translation might write them. */
const written = (overrides: Partial<Catalogue>): Catalogue => ({ ...en, ...overrides });

describe('the translator', () => {
  it('shows a plain message as written, and one with quotes, tags or placeholders as ICU reads it', () => {
    const t = translator('en', written({ 'ui.close': 'Close it', 'ui.cancel': "Don''t save", 'ui.details': "It's '{'literal'}'" }), en);
    expect(t('ui.close')).toBe('Close it');
    // ICU's quoting: a doubled quote is one, a quoted brace is a brace (the plain shortcut must not skip it).
    expect(t('ui.cancel')).toBe("Don't save");
    expect(t('ui.details')).toBe("It's {literal}");
    expect(t('ui.dismiss', { message: 'Saved' })).toBe('Dismiss: Saved');
    expect(t.parts('accessibility.scoreLine', { score: '85%', rating: 'good' })).toEqual(['Ally score ', { strong: '85%' }, ' (good)']);
    expect(t.parts('ui.close')).toEqual(['Close it']);
  });

  it('writes counts by the language’s plural rules with one set of Intl objects for every message', () => {
    const de = translator('de', written({ 'rollcall.markedRest': '{count, plural, one {# Teilnehmer} other {# Teilnehmer}} als anwesend markiert', 'rollcall.saidMarkedRest': 'Gespeichert: {count, number} markiert' }), en);
    expect(de('rollcall.markedRest', { count: 1 })).toBe('1 Teilnehmer als anwesend markiert');
    expect(de('rollcall.markedRest', { count: 1200 })).toBe('1.200 Teilnehmer als anwesend markiert');
    expect(de('rollcall.saidMarkedRest', { count: 1200 })).toBe('Gespeichert: 1.200 markiert');
    const ar = translator('ar', written({}), en);
    // The number in the locale's own digits, as Intl writes them.
    expect(ar('rollcall.markedRest', { count: 3 })).toBe(`Marked ${new Intl.NumberFormat('ar').format(3)} students Present`);
  });

  it('falls back to English for a translation it cannot read, never to nothing', () => {
    const broken = translator('fr', written({ 'rollcall.markedRest': '{count, plural, one {# élève} other {# élèves}' }), en);
    expect(broken('rollcall.markedRest', { count: 2 })).toBe('Marked 2 students Present');
  });
});
