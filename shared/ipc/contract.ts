import { z } from 'zod';
import { LearnStatus, Meeting } from '../api/attendance';
import { OpResult, OutboxOp } from '../domain/outbox';
import { allyChannels } from './ally-channels';
import { announcementChannels } from './announcement-channels';
import { budgetChannels, RequestBudget } from './budget-channels';
import { calendarChannels } from './calendar-channels';
import { contentChannels } from './content-channels';
import { courseAnnouncementChannels } from './course-announcement-channels';
import { HostWords } from './host-words';
import { MyCourse, RosterMember } from './course-shapes';
import { LOCALES, PSEUDO_LOCALE } from '../i18n/locales';
import { outboxJournalChannels } from './outbox-journal-channels';
import { photoChannels } from './photo-channels';
import { storeKeyChannels } from './store-key-channels';
import { siteCheckChannels } from './site-check-channels';
import { UpdateStatus, updateChannels } from './update-channels';
import { Identity, siteChannels } from './site-channels';
import type { ChannelName, EventName as PreloadEventName } from './names';

/**
 * The IPC contract: every channel the renderer may call on the main side, with the schema its
 * request must pass and the shape of its answer. Both hosts (Electron IPC and browser mode's
 * `POST /ipc/<channel>`) validate every request against this file; the renderer's bridge is typed
 * from it. Channels name operations, never URLs or tokens.
 */

export const AppInfo = z.strictObject({
  name: z.literal('Rollbook'),
  version: z.string(),
  /** Which host runs the core. */
  host: z.enum(['desktop', 'browser']),
  /** `demo`: the host has the bundled sandbox, so the demo is offered beside real sites; `learn`: real sites only. */
  mode: z.enum(['demo', 'learn']),
  /** The Learn site the core talks to (shown to the user; never a redirect target). */
  learnSite: z.string(),
  /** How refresh tokens are protected at rest on this host, in English words for the settings screen. */
  tokenProtection: z.string(),
  /** The same as a catalogue key, for the screen to write in the instructor's language. */
  tokenProtectionWords: HostWords.optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const SandboxHealth = z.strictObject({
  learnReachable: z.boolean(),
  allyReachable: z.boolean(),
  /** Courses in the demo institution, so the first screen proves the sandbox answers. */
  demoCourseCount: z.number().int().nonnegative(),
});
export type SandboxHealth = z.infer<typeof SandboxHealth>;

const Empty = z.strictObject({});

/**
 * Who is signed in, and whether the user must act. `sign-in-required`: the session ended without
 * the user asking (refresh refused); work queued locally is kept. `confirm-user`: Learn signed in
 * `user`, not `previousUser` who last used this site on this device; nothing opens until the
 * user says that is them (`auth.confirmUser`) or signs out. Never a token.
 */
const User = z.strictObject({
  id: z.string(),
  userName: z.string(),
  displayName: z.string(),
  /** The language the user chose in Learn, when it is one Rollbook speaks (read with the user at sign-in). */
  learnLanguage: z.enum(LOCALES).optional(),
});
export const AuthStatus = z.strictObject({
  state: z.enum(['signed-out', 'signed-in', 'sign-in-required', 'confirm-user']),
  /** Whether the site signed in to (or, signed out, the host's first offer) is the demo sandbox. */
  mode: z.enum(['demo', 'learn']),
  user: User.optional(),
  /** `confirm-user`: who last used this site on this device. */
  previousUser: User.optional(),
  /** Signed in with the user known: whose local store the renderer may open (docs/architecture.md rule 8). */
  identity: Identity.optional(),
  /** Why a sign-in is required, in English words for the user. */
  message: z.string().optional(),
  /** The same as a catalogue key and values, for the screen to write in the instructor's language. */
  words: HostWords.optional(),
});
export type AuthStatus = z.infer<typeof AuthStatus>;

/**
 * The Learn site Rollbook works with, as the site area shows it: its normalised address
 * (`https://learn.school.edu/learn`) and its release (`3900.121.0`) when Learn said. Both absent
 * before a real site is signed in to.
 */
export const SiteInfo = z.strictObject({
  learnUrl: z.string().optional(),
  learnVersion: z.string().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/**
 * The language the app speaks: the pages the host shows in the browser during a sign-in ("you can
 * close this tab") use it before the browser's own (Accept-Language), as the user chose it in Settings.
 */
const PageLanguageChoice = z.enum([...LOCALES, PSEUDO_LOCALE]);

/**
 * A real Learn sign-in: the site as the user typed it (`learn.school.edu`, a copied page's
 * address; the main side finds Learn there) and the institution's registration (the secret goes to the vault).
 */
export const SignInRequest = z.strictObject({
  learnUrl: z.string().min(1).max(2000),
  // HTTP Basic cannot carry a colon in the user part (RFC 7617 §2); Learn keys are UUIDs.
  applicationKey: z.string().trim().min(1).max(200).regex(/^[^:\s]+$/, 'must not contain a colon or spaces'),
  /** Omitted when the vault already holds the secret for this site (typed in before, or a deployment file). */
  applicationSecret: z.string().min(1).max(500).optional(),
  language: PageLanguageChoice.optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export { MyCourse, RosterMember };

/** A course group by its name (adaptive release lists groups by id; screens show the name). */
export const CourseGroupName = z.strictObject({ id: z.string(), externalId: z.string().optional(), name: z.string() });
export type CourseGroupName = z.infer<typeof CourseGroupName>;

/** `status` as Learn sent it: possibly a status Rollbook does not know, shown as the word itself. */
export const ServerRecord = z.strictObject({ id: z.number().int().positive(), userId: z.string(), status: LearnStatus });
export type ServerRecord = z.infer<typeof ServerRecord>;

const CourseRequest = z.strictObject({ courseId: z.string().min(1).max(200) });

/** How far a `sync.push` has come (the sync engine's SyncProgress). */
export const SyncProgress = z.strictObject({
  phase: z.enum(['reading', 'meetings', 'records', 'changes']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type SyncProgress = z.infer<typeof SyncProgress>;

export const contract = {
  'app.info': { request: Empty, response: AppInfo },
  'app.sandboxHealth': { request: Empty, response: SandboxHealth },
  'auth.status': { request: Empty, response: AuthStatus },
  /** Demo mode: signs in to the bundled sandbox as the demo instructor (real three-legged flow). */
  'auth.signInDemo': { request: Empty, response: AuthStatus },
  /** Signs in to an institution's Learn through the system browser. */
  'auth.signIn': { request: SignInRequest, response: AuthStatus },
  'auth.signOut': { request: Empty, response: AuthStatus },
  /**
   * Opens a known site: with its sign-in kept on this device, at once; otherwise through the
   * system browser, with the key and secret kept for it.
   */
  'auth.openSite': { request: z.strictObject({ learnUrl: z.string().min(1).max(2000), language: PageLanguageChoice.optional() }), response: AuthStatus },
  /** Back to the site chooser without signing out: the sign-in stays kept, so opening the site again needs no browser. */
  'auth.leaveSite': { request: Empty, response: AuthStatus },
  /** After `confirm-user`: the user says the account Learn signed in is theirs; the site opens as that user. */
  'auth.confirmUser': { request: Empty, response: AuthStatus },
  /** The site signed in to and its Learn release (asked of Learn without a token). */
  'auth.site': { request: Empty, response: SiteInfo },
  /**
   * The courses the user teaches (instructor and teaching assistant roles) that are available:
   * the current ones, and the past ones too with `past`. `pastCount` says how many past ones there are.
   */
  'learn.myCourses': { request: z.strictObject({ past: z.boolean().optional() }), response: z.strictObject({ courses: z.array(MyCourse), pastCount: z.number().int().nonnegative() }) },
  /** Students of the course, every page, with names. */
  'learn.roster': { request: CourseRequest, response: z.strictObject({ members: z.array(RosterMember) }) },
  /** The course's groups with their names, every page (Learn's GET /v2/courses/{courseId}/groups). */
  'learn.groups': { request: CourseRequest, response: z.strictObject({ groups: z.array(CourseGroupName) }) },
  /** The members of one group (user ids), every page (Learn's GET /v2/courses/{courseId}/groups/{groupId}/users). */
  'learn.groupMembers': { request: z.strictObject({ courseId: z.string().min(1).max(200), groupId: z.string().min(1).max(200) }), response: z.strictObject({ userIds: z.array(z.string()) }) },
  'learn.meetings': { request: CourseRequest, response: z.strictObject({ meetings: z.array(Meeting) }) },
  'learn.records': {
    request: z.strictObject({ courseId: z.string().min(1).max(200), meetingId: z.number().int().positive() }),
    response: z.strictObject({ records: z.array(ServerRecord) }),
  },
  /**
   * Sends pending outbox ops; exactly one result per op, in the order given. `identity` is the key
   * of the store the ops come from: the host refuses them unless that identity is the one signed in.
   */
  'sync.push': {
    request: z.strictObject({ identity: z.string().min(1).max(200), ops: z.array(OutboxOp).max(20_000) }),
    response: z.strictObject({ results: z.array(OpResult) }),
  },
  ...siteChannels,
  ...siteCheckChannels,
  ...contentChannels,
  ...calendarChannels,
  ...announcementChannels,
  ...courseAnnouncementChannels,
  ...allyChannels,
  ...photoChannels,
  ...outboxJournalChannels,
  ...budgetChannels,
  ...updateChannels,
  ...storeKeyChannels,
} as const;

export type Channel = keyof typeof contract;
export type RequestOf<C extends Channel> = z.input<(typeof contract)[C]['request']>;
export type ResponseOf<C extends Channel> = z.infer<(typeof contract)[C]['response']>;

/** Events the main side pushes to the renderer (sync progress, auth state), by name. */
export const events = {
  'sync.progress': SyncProgress,
  'auth.changed': AuthStatus,
  /** The site's request budget changed (at most about once a second; at once when the gate closes or opens). */
  'learn.budget': RequestBudget,
  /** The installed app's update: a newer version found, downloaded (shared/ipc/update-channels.ts). */
  'app.update': UpdateStatus,
} as const;
export type EventName = keyof typeof events;
export type EventOf<E extends EventName> = z.infer<(typeof events)[E]>;

/**
 * What crosses the boundary for a failed call: a message for the user, a name for code, and for
 * a failed call to Learn or Ally the technical account (operation, ids, status, the server's
 * words) that screens put under "Details".
 */
export const IpcError = z.strictObject({
  name: z.string(),
  message: z.string(),
  detail: z.string().optional(),
  /** The message as a catalogue key and values, when the host has one: the renderer writes it in the instructor's language. */
  words: HostWords.optional(),
});
export type IpcError = z.infer<typeof IpcError>;
/** `IpcError.name` of a call that got no answer from Learn (network, time-out): the change can wait in the outbox. */
export const LEARN_UNREACHABLE = 'LearnUnreachable';
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// The preload's name lists (names.ts) must be exactly these keys: a missing or extra name fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelNamesMatch: Same<Channel, ChannelName> = true;
const eventNamesMatch: Same<EventName, PreloadEventName> = true;
void channelNamesMatch;
void eventNamesMatch;

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name);
}
