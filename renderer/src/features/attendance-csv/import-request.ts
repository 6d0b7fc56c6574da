import type { ImportRequest } from '../../db';
import { t } from '../../ui/i18n';
import { countOutcomes, writesOf, type MissingMeeting, type PlanItem } from '../../../../shared/csv/plan';
import { localDateTime } from '../../../../shared/csv/sheet';

/**
 * The title a missing meeting is created with: the file's, else its start in the instructor's
 * language ("Meeting on 2026-09-20 09:00"), as Learn's students will read it.
 */
export function missingMeetingTitle(meeting: Pick<MissingMeeting, 'title' | 'start'>): string {
  return meeting.title || t('meetings.untitled', { when: localDateTime(meeting.start) });
}

/**
 * The preview, once confirmed, as the store's import request: the statuses to write per meeting,
 * the meetings the user chose to create (titled and timed as the file has them; a grid column
 * gives no end, so those last an hour — the Meetings screen can change it), and the counts.
 */
export function importRequestOf(
  courseId: string,
  fileName: string,
  items: readonly PlanItem[],
  missing: readonly MissingMeeting[],
  create: ReadonlySet<number>,
  /** Sent over several days: the meetings planned for a later day and when that day starts (import-estimate.ts holdsOf). */
  holds?: { existing: ReadonlyMap<string, string>; missing: ReadonlyMap<number, string> },
): ImportRequest {
  const writes = writesOf(items, missing, create);
  return {
    courseId,
    fileName,
    existing: writes.existing,
    created: writes.created.map(({ meeting, records }) => {
      const heldUntil = holds?.missing.get(missing.indexOf(meeting));
      return {
        fields: { title: missingMeetingTitle(meeting).slice(0, 255), description: t('imports.createdBy', { name: fileName }).slice(0, 4000), start: meeting.start, end: meeting.end },
        records,
        ...(heldUntil !== undefined ? { heldUntil } : {}),
      };
    }),
    counts: countOutcomes(items, create),
    ...(holds && holds.existing.size > 0 ? { held: holds.existing } : {}),
  };
}

/**
 * The meetings to create, as an immutable set: the flow swaps in a new one on each change (one
 * signal), rather than a reactive set whose every `has` over 100,000 preview rows is tracked.
 */
export function createSet(values: Iterable<number> = []): ReadonlySet<number> {
  return new Set(values);
}
