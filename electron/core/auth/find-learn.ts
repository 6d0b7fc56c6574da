import { ErrorBody } from '../../../shared/api/common';
import { learnReleaseName, VersionInfo } from '../../../shared/api/system';
import { urlForDisplay } from '../http/base-url';
import { readTextUpTo } from '../http/bounded-body';
import { networkFetch } from '../http/network-fetch';
import { describeNetworkProblem, networkProblemOf, networkProblemWords } from '../http/network-problem';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { asPart, hostWords, type HostSentence } from '../host-words';
import { learnAddressesToTry } from './learn-site';

/**
 * Finds Learn at the address an instructor typed, before any sign-in: asks each address of
 * `learnAddressesToTry` for Learn's version (GET {base}/api/public/v1/system/version, which takes
 * no token) and keeps the first that answers as Learn. An address that does not is named in a
 * LearnNotFoundError, with what each try got, so the user can correct it. One attempt per address,
 * no retries: the user is waiting, and will press Sign in again. docs/api-notes/site-address-and-check.md "The site address".
 */
export const VERSION_PATH = '/api/public/v1/system/version';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface FindLearnOptions {
  /** Per address, until the answer is read; default 15 s. */
  timeoutMs?: number;
  /** Another fetch (tests); default networkFetch() (proxy, trusted certificates). */
  fetch?: typeof fetch;
}

export interface FoundLearn {
  /** The normalised base URL (`https://learn.school.edu/learn`) every later call is made under. */
  learnUrl: string;
  /** `3900.121.0`, when Learn said. */
  learnVersion?: string;
}

/** What one try got: Learn (maybe with its release), or why not, in words for the user. */
type Answer =
  | { learn: true; version?: string }
  | {
      learn: false;
      said: string;
      /** The same, as the catalogue's `host.learnNotFound.<why>` sentence names it, with its values. */
      why: NotFoundWhy;
      values?: Record<string, string | number>;
      /** Another address of the same server may still be Learn. */
      tryNext: boolean;
      /** The network's doing (certificate, proxy), told whole. */
      network?: { said: HostSentence; detail: string };
    };

type WhyOf<K> = K extends `host.learnNotFound.${infer W}` ? W : never;
type NotFoundWhy = Exclude<WhyOf<MessageKey>, 'noTry'>;
/** Why the first address tried is not Learn, as the catalogue names it. */
type Why = { why: NotFoundWhy; values?: Record<string, string | number> };

const no = (why: NotFoundWhy, said: string, tryNext: boolean, values?: Record<string, string | number>): Answer => ({ learn: false, said, why, tryNext, ...(values ? { values } : {}) });

/**
 * No Learn at the address typed. The message names the site's address and what its server
 * answered, in words; every URL tried (API paths included) and its answer is the detail, which
 * the screen keeps behind "Details".
 */
export class LearnNotFoundError extends Error {
  /** Every URL tried with what it answered, or the network's account with its status and codes, for the screen's Details. */
  readonly detail: string | undefined;
  /** The message as a catalogue key, for the renderer (the campus network's own sentence as its part). */
  readonly words: HostWords | undefined;

  constructor(
    readonly learnUrl: string,
    readonly tried: readonly { url: string; said: string }[],
    /** When the campus network stood in the way (a certificate, a proxy): that, with what IT can do, instead of "check the address". */
    network?: { said: HostSentence; detail: string },
    /** What the first address answered, as a catalogue key (`host.learnNotFound.<why>`). */
    first?: Why,
  ) {
    const tries = tried.map((t) => `${t.url}: ${t.said}`).join('; then ');
    const reason = asPart(network?.said.words);
    const said = !network
      ? hostWords(`host.learnNotFound.${first?.why ?? 'noTry'}`, { address: learnUrl, ...first?.values })
      : reason
        ? hostWords('host.learnUnreachableAt', { address: learnUrl }, { reason })
        : undefined;
    super(said?.message ?? `Rollbook could not reach Learn at ${learnUrl}. ${network?.said.message ?? ''}`);
    this.name = 'LearnNotFound';
    this.words = said?.words;
    this.detail = network?.detail ?? (tries ? `Tried ${tries}.` : undefined);
  }
}

/** The most of the site check's answer read (its start is enough to tell Learn's JSON from a web page). */
const SITE_CHECK_MAX_BYTES = 256 * 1024;

export async function findLearn(typed: string, options: FindLearnOptions = {}): Promise<FoundLearn> {
  const addresses = learnAddressesToTry(typed);
  const tried: { url: string; said: string }[] = [];
  let first: Why | undefined;
  for (const learnUrl of addresses) {
    const answer = await askVersion(learnUrl, options);
    if (answer.learn) return { learnUrl, ...(answer.version ? { learnVersion: answer.version } : {}) };
    tried.push({ url: `${learnUrl}${VERSION_PATH}`, said: answer.said });
    first ??= { why: answer.why, ...(answer.values ? { values: answer.values } : {}) };
    if (answer.network) throw new LearnNotFoundError(learnUrl, tried, answer.network);
    if (!answer.tryNext) break;
  }
  throw new LearnNotFoundError(addresses[0] ?? typed, tried, undefined, first);
}

/** The release of the Learn at a known base URL, or undefined when it does not say (or cannot be reached). */
export async function readLearnVersion(learnUrl: string, options: FindLearnOptions = {}): Promise<string | undefined> {
  const answer = await askVersion(learnUrl, options);
  return answer.learn ? answer.version : undefined;
}

async function askVersion(learnUrl: string, options: FindLearnOptions): Promise<Answer> {
  const url = `${learnUrl}${VERSION_PATH}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    // `manual`: a redirect is told to the user, never followed to a host they did not type.
    response = await (options.fetch ?? networkFetch())(url, { headers: { Accept: 'application/json' }, redirect: 'manual', signal });
    // Version information is a few hundred bytes: a huge answer is not Learn's, and is not read whole.
    text = await readTextUpTo(response, SITE_CHECK_MAX_BYTES);
  } catch (error) {
    const problem = networkProblemOf(error, new URL(url));
    return { ...noAnswer(error, timeoutMs), ...(problem ? { network: { said: networkProblemWords(problem, 'Learn'), detail: describeNetworkProblem(problem, 'Learn') } } : {}) };
  }
  const { status } = response;
  if (status >= 200 && status < 300) {
    const info = VersionInfo.safeParse(parseJson(text));
    if (info.success) return { learn: true, ...versionOf(learnReleaseName(info.data)) };
    return looksLikePage(response, text) ? no('webPage', "the server answered with a web page, not Learn's API", true) : no('notVersion', "the server's answer is not Learn's version information", true);
  }
  // A site that wants a token even for this call still answers with Learn's error body.
  if ((status === 401 || status === 403) && isLearnError(text)) return { learn: true };
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    const to = location ? urlForDisplay(new URL(location, url)) : undefined;
    return to ? no('sentOnTo', `the server sent Rollbook on to ${to}; if that is your Learn site, enter its address`, true, { to }) : no('sentElsewhere', 'the server sent Rollbook elsewhere without saying where', true);
  }
  // In words, not the status code: the instructor fixes an address, not a server.
  if (status >= 500 || status === 429) return no('serverProblem', 'the server had a problem: it may be busy or down', false);
  if (status === 404) return no('noLearnThere', 'the server has no Learn there (not found)', true);
  if (status === 401 || status === 403) return no('refusedNotLikeLearn', 'the server refused to answer, and not as Learn does', true);
  return no('notLearn', "the server's answer is not Learn's", true);
}

function versionOf(name: string | undefined): { version?: string } {
  return name ? { version: name } : {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function looksLikePage(response: Response, text: string): boolean {
  return /html/i.test(response.headers.get('content-type') ?? '') || /^\s*</.test(text);
}

function isLearnError(text: string): boolean {
  const body = ErrorBody.safeParse(parseJson(text));
  return body.success && body.data.status !== undefined;
}

/** Why no answer came, from the error's codes (never its message, which may quote the URL). */
function noAnswer(error: unknown, timeoutMs: number): Answer {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    const seconds = Math.round(timeoutMs / 1000);
    return no('timeout', `no answer within ${seconds} s`, false, { seconds });
  }
  const code = errorCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return no('noServer', 'no server by that name was found', false);
  if (code === 'ECONNREFUSED') return no('connectionRefused', 'the server refused the connection', false);
  if (code && TLS_CODE.test(code)) return no('certificate', `the server's security certificate or connection could not be checked (${code})`, false, { code });
  return code ? no('connectionFailedCode', `the connection failed (${code})`, false, { code }) : no('connectionFailed', 'the connection failed', false);
}

const TLS_CODE = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_(VERIFY|GET)/;

/** The first `code` down the cause chain (fetch wraps the socket's error in `TypeError: fetch failed`). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
