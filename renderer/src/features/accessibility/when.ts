import { t } from '../../ui/i18n';
import { formatNumber } from '../../ui/locale-format';

/** A saved time in the user's words: "23 Nov 2026, 03:10" (the one format of every screen). */
export { savedTime as asOf } from '../../ui/offline-mark';

/** 1536 -> "1.5 kB", in the screen's locale (Intl's units, so each language writes its own). */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return t('accessibility.sizeNotRead');
  if (bytes < 1000) return formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  if (bytes < 1_000_000) return formatNumber(bytes / 1000, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return formatNumber(bytes / 1_000_000, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, minimumFractionDigits: 1 });
}
