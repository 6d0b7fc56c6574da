import type { BenchSection } from './types';

/**
 * CSV import end to end (parse + validate + write) against papaparse alone on the same file, at
 * 10,000 and 100,000 rows. JSON: `ratioVsPapaparse` (the 100,000-row ratio) and per-size rows.
 * Placeholder until the import pipeline lands (issue 6).
 */
export const csvSection: BenchSection = () => Promise.reject(new Error('the CSV import pipeline is not built yet'));
