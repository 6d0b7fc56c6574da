import type { SyncProgress } from '../../../../shared/ipc/contract';
import { t } from '../../ui/i18n';

/**
 * What a sync is doing, in the instructor's words: "12 of 40 marks sent", never the engine's own
 * phase names and counters ("reading 1 of 1", "records 12 of 40").
 */
export function syncProgressWords(progress: Pick<SyncProgress, 'phase' | 'done' | 'total'>): string {
  const { phase, done, total } = progress;
  switch (phase) {
    case 'reading':
      return t('meetings.progress.reading');
    case 'meetings':
      return t('meetings.progress.meetings', { done, total });
    case 'records':
      return t('meetings.progress.records', { done, total });
    case 'changes':
      return t('meetings.progress.changes', { done, total });
  }
}
