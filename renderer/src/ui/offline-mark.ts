import { formatDate } from './locale-format';
import { t } from './i18n';

/**
 * How every screen dates a copy saved on this device, so the instructor reads one wording across
 * content, release rules, calendar, announcements and Ally reports.
 */

/** A saved time in the user's words and locale: "23 Nov 2026, 09:14". An unreadable time is shown as it is. */
export function savedTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "Offline: as of 23 Nov 2026, 09:14": a screen showing what was saved, not what Learn says now. */
export function offlineMark(savedAt: string): string {
  return t('ui.offlineAsOf', { when: savedTime(savedAt) });
}
