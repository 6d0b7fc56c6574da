import { findMeeting, refOf, type RollbookDb } from '../db';
import { CourseRow } from '../db/rows';
import type { MyCourse } from '../../../shared/ipc/contract';
import { meetingLabel } from '../features/attendance/meeting-form';
import type { Place, ResolvePlace } from './navigation.svelte';
import { t } from '../ui/i18n';
import type { Route } from './routes';

/**
 * Turns an address (ids only) into the screen it names, from this identity's store. An address can
 * outlive what it names: a meeting deleted since, a course of another account signed in on this
 * device, a past course (listed from Learn, not kept). Those land on the nearest screen that
 * exists, with a sentence saying why, never on an error.
 */
export function placeResolver(db: RollbookDb): ResolvePlace {
  return async (route: Route, known): Promise<Place> => {
    if (route.name === 'help') return { screen: route.page ? { name: 'help', page: route.page } : { name: 'help' } };
    if (!('courseId' in route)) return { screen: { name: route.name } };
    const course = known(route.courseId) ?? (await savedCourse(db, route.courseId));
    if (!course) {
      return { screen: { name: 'courses' }, notice: t('frame.place.courseNotHere') };
    }
    if (route.name !== 'roll-call') return { screen: { name: route.name, course } };
    const meeting = await findMeeting(db, route.meeting);
    if (!meeting || meeting.deleted || meeting.courseId !== course.id) {
      return { screen: { name: 'meetings', course }, notice: t('frame.place.meetingGone', { code: course.courseId }) };
    }
    return { screen: { name: 'roll-call', course, meeting: refOf(meeting), meetingTitle: meetingLabel(meeting) } };
  };
}

async function savedCourse(db: RollbookDb, id: string): Promise<MyCourse | undefined> {
  const parsed = CourseRow.safeParse(await db.courses.get(id));
  return parsed.success ? parsed.data : undefined;
}
