import { formatNumber } from '../../ui/locale-format';

/** A rate as the report shows it: "87.5%" in the screen's locale (one decimal, as the report export), a dash when nobody is marked yet. */
export function rateWords(rate: number | null): string {
  return rate === null ? '—' : formatNumber(rate, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
