import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatNumber } from '../../renderer/src/ui/locale-format';

// The kept formatters must say exactly what the calls they replace said, in any locale and zone.
const DATE_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { hour: 'numeric', minute: '2-digit' },
  { weekday: 'long' },
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  { dateStyle: 'medium', timeStyle: 'short' },
  { dateStyle: 'medium' },
  { timeStyle: 'short' },
  { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
];
const LOCALES = [undefined, 'en-US', 'en-GB', 'de-DE', 'fr-CA', 'ar-EG', 'ja-JP'];
const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('dates and numbers through kept formatters', () => {
  it('say what toLocaleString says, for every option set the screens use, in many locales', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.constantFrom(...DATE_OPTIONS), fc.constantFrom(...LOCALES), (date, options, locale) => {
        expect(formatDate(date, options, locale)).toBe(date.toLocaleString(locale, options));
        expect(formatDate(date.toISOString(), options, locale)).toBe(date.toLocaleString(locale, options));
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...LOCALES), (rate, locale) => {
        const percent: Intl.NumberFormatOptions = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 };
        expect(formatNumber(rate, percent, locale)).toBe(rate.toLocaleString(locale, percent));
      }),
    );
  });

  it('follow the device to another time zone while the app is open', () => {
    const lecture = new Date('2026-11-26T15:00:00Z');
    const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
    process.env.TZ = 'America/New_York';
    expect(formatDate(lecture, time, 'en-US')).toBe('10:00 AM');
    process.env.TZ = 'Europe/Berlin';
    expect(formatDate(lecture, time, 'en-US')).toBe('4:00 PM');
    process.env.TZ = 'America/New_York';
    expect(formatDate(lecture, time, 'en-US')).toBe('10:00 AM');
  });
});
