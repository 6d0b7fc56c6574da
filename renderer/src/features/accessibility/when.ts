/** A saved time in the user's words: "23 Nov 2026, 03:10" (the one format of every screen). */
export { savedTime as asOf } from '../../ui/offline-mark';

/** 1536 -> "1.5 kB". */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return 'not read';
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
