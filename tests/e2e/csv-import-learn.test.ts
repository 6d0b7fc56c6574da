import { describe, expect, it } from 'vitest';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import { collect, learnAs } from '../integration/learn-support';
import { openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * An import into a course whose attendance this device has never read, online. The
 * preview reads the records of the meetings the file names from Learn first, so new / changed /
 * unchanged are Learn's truth, and the sync that follows raises no conflict (before, every record
 * Learn already had came back as "Changed in Learn since you took roll").
 */
const HIST = 'courseId:HIST-310-F26';
const OTHER: Record<LearnStatus, AttendanceStatus> = { Present: 'Late', Late: 'Excused', Excused: 'Absent', Absent: 'Present' };

describe('an import previewed against Learn', () => {
  const demo = useDemoHost();

  it("counts what Learn holds, in a course this device has not read, and syncs without a conflict", async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const names = new Map((await collect(learn.courses.listCourseUsers(HIST, { role: 'Student' }))).map((m) => [m.userId, m.user?.userName ?? '']));
    // A meeting Learn has marked (the demo marks whole meetings); one student's record is cleared
    // in Learn first, so the file has a record Learn holds the same, one it holds otherwise, and a new one.
    const [meeting] = await collect(learn.attendance.listMeetings(HIST));
    if (!meeting) throw new Error('the demo history course has meetings');
    const [same, changed, unmarked] = await collect(learn.attendance.listRecords(HIST, meeting.id));
    if (!same || !changed || !unmarked) throw new Error('the demo marks every student of a meeting');
    await learn.attendance.deleteRecord(HIST, meeting.id, unmarked.userId);
    // As Google Sheets downloads it: UTF-8, commas, LF.
    const file = ['Username,Meeting id,Status', `${names.get(same.userId)},${meeting.id},${same.status}`, `${names.get(changed.userId)},${meeting.id},${OTHER[changed.status]}`, `${names.get(unmarked.userId)},${meeting.id},Present`].join('\n');

    const page = await demo.browser.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'HIST-310-F26');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV, text or Learn .xls file').setInputFiles({ name: 'roll.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await page.getByRole('button', { name: 'Preview the import' }).click();

    await expect.poll(() => page.getByTestId('import-counts').textContent(), { timeout: 20_000 }).toBe('1 new, 1 changed, 1 unchanged, 0 errors');
    await expect.poll(() => page.getByTestId('compared-with').textContent()).toContain('Compared with Learn as it is now (1 meeting read just now)');
    await checkScreen(page, 'import-compared-with-learn');
    await page.getByRole('button', { name: 'Import 2 changes' }).click();
    await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 15_000 }).toContain('2 changes saved');

    await page.getByRole('button', { name: 'Sync now' }).click();
    // Learn is asked, not the count: the count may still read 0 in the moment before the import's changes are counted.
    const onLearn = async (): Promise<(string | undefined)[]> => {
      const after = new Map((await collect(learn.attendance.listRecords(HIST, meeting.id))).map((r) => [r.userId, r.status]));
      return [after.get(same.userId), after.get(changed.userId), after.get(unmarked.userId)];
    };
    await expect.poll(onLearn, { timeout: 30_000 }).toEqual([same.status, OTHER[changed.status], 'Present']);
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('conflicts-panel').count()).toBe(0);
    await page.close();
  });
});
