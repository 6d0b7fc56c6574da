import type { SyncProgress } from '../../../../shared/ipc/contract';

/**
 * What a sync is doing, in the instructor's words: "12 of 40 marks sent", never the engine's own
 * phase names and counters ("reading 1 of 1", "records 12 of 40").
 */
export function syncProgressWords(progress: Pick<SyncProgress, 'phase' | 'done' | 'total'>): string {
  const { phase, done, total } = progress;
  const count = `${done.toLocaleString()} of ${total.toLocaleString()}`;
  switch (phase) {
    case 'reading':
      return 'checking what Learn has';
    case 'meetings':
      return `${count} ${total === 1 ? 'meeting' : 'meetings'} made in Learn`;
    case 'records':
      return `${count} ${total === 1 ? 'mark' : 'marks'} sent`;
    case 'changes':
      return `${count} ${total === 1 ? 'change' : 'changes'} sent`;
  }
}
