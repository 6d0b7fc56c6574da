/**
 * The names of every IPC channel and event, without their schemas. The preload needs only these, to
 * refuse an unknown name before it crosses: importing the contract there bundled zod and every
 * schema into it (810 kB), where a preload should be a few small functions. `contract.ts` fails to
 * compile when these lists and its own keys differ, either way.
 */
export const CHANNEL_NAMES = [
  'app.info', 'app.sandboxHealth',
  'auth.status', 'auth.signInDemo', 'auth.signIn', 'auth.signOut', 'auth.openSite', 'auth.leaveSite', 'auth.site',
  'learn.myCourses', 'learn.roster', 'learn.groups', 'learn.groupMembers', 'learn.meetings', 'learn.records',
  'sync.push',
  'auth.sites', 'auth.forgetSite', 'auth.confirmUser',
  'site.check',
  'content.access', 'content.children', 'content.search', 'content.item', 'content.create', 'content.createAssignment',
  'adaptiveRelease.rules', 'adaptiveRelease.createRule', 'adaptiveRelease.renameRule', 'adaptiveRelease.deleteRule',
  'adaptiveRelease.createCriterion', 'adaptiveRelease.updateCriterion', 'adaptiveRelease.deleteCriterion',
  'adaptiveRelease.members', 'adaptiveRelease.setGroups', 'adaptiveRelease.setUsers',
  'calendar.calendars', 'calendar.window', 'calendar.create', 'calendar.update', 'calendar.delete',
  'announcements.list', 'announcements.create', 'announcements.update', 'announcements.delete',
  'courseAnnouncements.list', 'courseAnnouncements.create', 'courseAnnouncements.update', 'courseAnnouncements.delete',
  'ally.setup', 'ally.listFiles', 'ally.readReports', 'ally.sendFile', 'ally.originalFile',
  'ally.requestFormat', 'ally.formatStatus', 'ally.downloadFormat',
  'learn.photo',
  'learn.budget',
  'app.update', 'app.restartToUpdate',
  'store.key', 'store.forgetKey',
  'outbox.journal', 'outbox.journaled',
] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

export const EVENT_NAMES = ['sync.progress', 'auth.changed', 'learn.budget', 'app.update'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

const channels: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isChannelName(name: string): name is ChannelName {
  return channels.has(name);
}

export function isEventName(name: string): name is EventName {
  return eventNames.has(name);
}
