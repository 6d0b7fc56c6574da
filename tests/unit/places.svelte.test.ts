// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { MyCourse } from '../../shared/ipc/contract';
import { hashOf, routeOf } from '../../renderer/src/app/routes';
import { Navigation, type ResolvePlace, type Screen } from '../../renderer/src/app/navigation.svelte';

/**
 * Places that stay: every screen has an address in the page's hash, a reload (a new Navigation on
 * the same address) returns to it, Back and Forward move between screens, and an address is input:
 * anything outside the grammar is no place.
 */
const psyc: MyCourse = { id: '_12_1', courseId: 'PSYC-101-F26', name: 'Intro to Psychology', ultra: true, organization: false, role: 'Instructor' };
const meeting = { serverId: 4242 };

/** What this device holds: one course with one meeting (place-resolve.ts reads the store the same way). */
const resolve: ResolvePlace = (route, known) => {
  if (!('courseId' in route)) return Promise.resolve({ screen: { name: route.name } });
  const course = known(route.courseId) ?? (route.courseId === psyc.id ? psyc : undefined);
  if (!course) return Promise.resolve({ screen: { name: 'courses' }, notice: 'not here' });
  if (route.name !== 'roll-call') return Promise.resolve({ screen: { name: route.name, course } });
  if (!('serverId' in route.meeting) || route.meeting.serverId !== meeting.serverId) return Promise.resolve({ screen: { name: 'meetings', course }, notice: 'meeting gone' });
  return Promise.resolve({ screen: { name: 'roll-call', course, meeting, meetingTitle: 'Lecture 4' } });
};

const opened: Navigation[] = [];
function open(): Navigation {
  const nav = new Navigation(resolve);
  opened.push(nav);
  return nav;
}
const settled = async (nav: Navigation, name: Screen['name']): Promise<void> => {
  await expect.poll(() => nav.ready && nav.screen.name).toBe(name);
};
/** History moves answer asynchronously (popstate), as in a browser. */
const back = async (nav: Navigation, name: Screen['name']): Promise<void> => {
  history.back();
  await settled(nav, name);
};

afterEach(() => {
  for (const nav of opened.splice(0)) nav.dispose();
  history.replaceState(null, '', '#');
});

describe('addresses', () => {
  it('names every screen by ids and reads back the same place', () => {
    const routes = [
      { name: 'today' },
      { name: 'calendar' },
      { name: 'meetings', courseId: '_12_1' },
      { name: 'content', courseId: '_12_1' },
      { name: 'roll-call', courseId: '_12_1', meeting: { serverId: 4242 } },
      { name: 'roll-call', courseId: '_12_1', meeting: { localId: '0b7f3c2e-1d2a-4e5f-9a8b-7c6d5e4f3a2b' } },
      { name: 'help' },
      { name: 'help', page: 'photos' },
    ] as const;
    for (const route of routes) expect(routeOf(hashOf(route))).toEqual(route);
    expect(hashOf({ name: 'meetings', courseId: '_12_1' })).toBe('#/courses/_12_1/meetings');
    expect(routeOf('')).toEqual({ name: 'today' });
    expect(hashOf({ name: 'help', page: 'sync-words' })).toBe('#/help/sync-words');
  });

  it('refuses an address outside its grammar', () => {
    for (const hash of ['#/nowhere', '#/courses/_12_1/grades', '#/courses/<img src=x>/meetings', '#/courses/%E0%A4%A/meetings', '#/__proto__', '#/courses/_12_1/meetings/a b', `#/courses/${'x'.repeat(500)}/meetings`, '#today', '#/courses//meetings', '#/help/nowhere', '#/help/photos/more'])
      expect(routeOf(hash), hash).toBeNull();
  });
});

describe('navigation backed by the address', () => {
  it('starts the next sign-in at Today once the signed-in part is left, where a reload keeps the place', async () => {
    const nav = open();
    await settled(nav, 'today');
    nav.go({ name: 'meetings', course: psyc });
    nav.leave();
    const next = open();
    await settled(next, 'today');
    expect(location.hash).toBe('#/today');
    expect(next.previous).toBeUndefined();
  });

  it('keeps the screen across a reload and moves with Back and Forward', async () => {
    const nav = open();
    await settled(nav, 'today');
    expect(location.hash).toBe('#/today');
    nav.go({ name: 'meetings', course: psyc });
    expect(location.hash).toBe('#/courses/_12_1/meetings');
    nav.go({ name: 'roll-call', course: psyc, meeting, meetingTitle: 'Lecture 4' });
    expect(nav.previous).toEqual({ name: 'meetings', courseId: '_12_1' });

    nav.dispose();
    const reloaded = open();
    await settled(reloaded, 'roll-call');
    expect(reloaded.screen).toMatchObject({ course: psyc, meetingTitle: 'Lecture 4' });
    await back(reloaded, 'meetings');
    await back(reloaded, 'today');
    history.forward();
    await settled(reloaded, 'meetings');
  });

  it('a tab switch replaces the screen: Back leaves the course, not the tab', async () => {
    const nav = open();
    await settled(nav, 'today');
    nav.go({ name: 'meetings', course: psyc });
    nav.switchTo({ name: 'content', course: psyc });
    expect(location.hash).toBe('#/courses/_12_1/content');
    await back(nav, 'today');
  });

  it("goes up to the course's meetings from a roll call opened from Today", async () => {
    const nav = open();
    await settled(nav, 'today');
    nav.go({ name: 'roll-call', course: psyc, meeting, meetingTitle: 'Lecture 4' });
    nav.up({ name: 'meetings', course: psyc });
    expect(nav.screen).toEqual({ name: 'meetings', course: psyc });
    expect(location.hash).toBe('#/courses/_12_1/meetings');
    // Opened from the meetings instead, up is Back: the roll call is not left in front of them.
    nav.go({ name: 'roll-call', course: psyc, meeting, meetingTitle: 'Lecture 4' });
    nav.up({ name: 'meetings', course: psyc });
    await settled(nav, 'meetings');
    await back(nav, 'roll-call');
    await back(nav, 'today');
  });

  it('lands somewhere sensible, with a plain word, when the address names nothing here', async () => {
    history.replaceState(null, '', '#/courses/_99_1/content');
    const stranger = open();
    await settled(stranger, 'courses');
    expect(stranger.notice).toBe('not here');
    expect(location.hash).toBe('#/courses');
    stranger.dispose();

    history.replaceState(null, '', '#/courses/_12_1/meetings/77');
    const deleted = open();
    await settled(deleted, 'meetings');
    expect(deleted.notice).toBe('meeting gone');
    deleted.dispose();

    history.replaceState(null, '', '#/courses/_12_1/wherever');
    const typed = open();
    await settled(typed, 'today');
    expect(typed.notice).toMatch(/not a screen of Rollbook/);
    expect(location.hash).toBe('#/today');
  });
});
