import PQueue from 'p-queue';
import { SvelteMap } from 'svelte/reactivity';
import { BridgeError, invoke } from '../../bridge';
import { cachedPhotos, keepPhotos, photoIsStale, type RollbookDb } from '../../db';
import type { PhotoRow } from '../../db/rows';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import { isPhotoType } from '../../../../shared/ipc/photo-channels';

/**
 * The roll call's student photos. What the device keeps is shown at once (offline too); the
 * photos missing, or whose avatar link on Learn changed (photo-cache.ts), are asked of Learn in the background, a few at a time, and
 * kept as they arrive, the students on screen first (`inView`). None of it touches the roll call's rows or its live queries: a row reads
 * its photo from here, so a photo arriving repaints that row's picture and nothing else, and a
 * tap never waits for a photo.
 */
export type ShownPhoto = { kind: 'photo'; blob: Blob } | { kind: 'none'; reason?: string };

/** Photos asked for at once: browser mode's IPC shares the browser's six connections per host. */
const AT_ONCE = 3;
/** Arrivals are kept in batches, so 300 photos are a handful of writes, not 300. */
const KEEP_AFTER_MS = 400;

type FetchPhoto = (userId: string) => Promise<ResponseOf<'learn.photo'>>;

export class PhotoBook {
  readonly #shown = new SvelteMap<string, ShownPhoto>();
  readonly #queue = new PQueue({ concurrency: AT_ONCE });
  /** Asked of Learn while this screen is open (so a re-render does not ask twice); nothing renders from it. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a screen reads
  readonly #asked = new Set<string>();
  /** What the device kept, as read at load (a refused refresh keeps its photo). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a screen reads
  #kept: ReadonlyMap<string, PhotoRow> = new Map();
  /** Asked of Learn and not started yet: the ones a view can move ahead. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a screen reads
  readonly #waiting = new Set<string>();
  /** The students last on screen, and how many views there have been (the latest view goes first). */
  #view: readonly string[] = [];
  #views = 0;
  #arrived: PhotoRow[] = [];
  /** Learn's avatar link of each student, as the roster read it. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a screen reads
  #links: ReadonlyMap<string, string> = new Map();
  #keepTimer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0;

  constructor(
    private readonly db: RollbookDb,
    private readonly fetchPhoto: FetchPhoto = (userId) => invoke('learn.photo', { userId }),
    private readonly now: () => number = Date.now,
  ) {}

  /** What to show for a student: a photo, none (initials), or nothing known yet (initials too). */
  photoOf(userId: string): ShownPhoto | undefined {
    return this.#shown.get(userId);
  }

  /**
   * Shows the kept photos of these students; online, asks Learn for the missing ones and those whose
   * avatar link (from the roster) changed since they were kept.
   */
  async load(students: readonly { userId: string; avatarLink?: string | undefined }[], online: boolean): Promise<void> {
    const userIds = students.map((s) => s.userId);
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a screen reads
    this.#links = new Map(students.flatMap((s) => (s.avatarLink === undefined ? [] : [[s.userId, s.avatarLink] as const])));
    const generation = ++this.#generation;
    this.#stop();
    const kept = await cachedPhotos(this.db, userIds);
    if (generation !== this.#generation) return;
    this.#kept = kept;
    for (const [userId, row] of kept) if (!this.#shown.has(userId)) this.#shown.set(userId, shownOf(row));
    if (!online) return;
    const now = this.now();
    for (const userId of userIds) {
      if (this.#asked.has(userId) || !photoIsStale(kept.get(userId), now, this.#links.get(userId))) continue;
      this.#asked.add(userId);
      this.#waiting.add(userId);
      void this.#queue.add(() => this.#fetch(userId, generation), { id: userId });
    }
    this.inView(this.#view);
  }

  /**
   * The students on screen now (the list's visible rows): their photos are asked for before the
   * rest, which follow in roster order. A 300-student roll call opened at its middle, or scrolled,
   * fills the rows in view first, not the first 300 of the roster.
   */
  inView(userIds: readonly string[]): void {
    this.#view = userIds;
    const rank = ++this.#views;
    for (const userId of userIds) if (this.#waiting.has(userId)) this.#queue.setPriority(userId, rank);
  }

  /** Stops asking, and keeps what has arrived. */
  close(): void {
    this.#generation++;
    this.#stop();
    void this.#keep();
  }

  #stop(): void {
    this.#queue.clear();
    // Taken out of the queue before they were asked: the next load asks for them again.
    for (const userId of this.#waiting) this.#asked.delete(userId);
    this.#waiting.clear();
  }

  async #fetch(userId: string, generation: number): Promise<void> {
    this.#waiting.delete(userId);
    if (generation !== this.#generation) {
      this.#asked.delete(userId);
      return;
    }
    let answer: ResponseOf<'learn.photo'>;
    try {
      answer = await this.fetchPhoto(userId);
    } catch (error) {
      // Learn's answer about this student was unusable (an ApiError): initials until the screen is
      // opened again. Anything else (offline, Learn or the host unreachable, signed out) stops
      // the queue; the next visit asks again.
      if (!(error instanceof BridgeError) || error.errorName !== 'ApiError') {
        this.#stop();
        this.#asked.clear();
      }
      return;
    }
    const fetchedAt = this.now();
    const kept = this.#kept.get(userId);
    const link = this.#links.get(userId);
    // Learn having none (or forbidding it) replaces a kept photo; a bad answer does not: nothing kept is lost for it.
    const found: PhotoRow =
      answer.state === 'photo'
        ? { userId, fetchedAt, state: 'photo', contentType: answer.contentType, bytes: fromBase64(answer.base64) }
        : answer.state === 'refused' && kept?.state === 'photo'
          ? { ...kept, fetchedAt }
          : { userId, fetchedAt, state: answer.state, ...('reason' in answer ? { reason: answer.reason } : {}) };
    // A refused answer keeps the old link: the picture is asked for again next time.
    const { link: _old, ...rest } = found;
    const row: PhotoRow = link !== undefined && answer.state !== 'refused' ? { ...rest, link } : rest;
    this.#shown.set(userId, shownOf(row));
    this.#arrived.push(row);
    this.#keepTimer ??= setTimeout(() => void this.#keep(), KEEP_AFTER_MS);
  }

  async #keep(): Promise<void> {
    clearTimeout(this.#keepTimer);
    this.#keepTimer = undefined;
    const rows = this.#arrived;
    this.#arrived = [];
    try {
      await keepPhotos(this.db, rows);
    } catch {
      // Storage full: the photos still show now, and are asked for again next time.
    }
  }
}

function shownOf(row: PhotoRow): ShownPhoto {
  if (row.state === 'photo' && row.bytes && isPhotoType(row.contentType)) return { kind: 'photo', blob: new Blob([row.bytes as Uint8Array<ArrayBuffer>], { type: row.contentType }) };
  return row.reason ? { kind: 'none', reason: row.reason } : { kind: 'none' };
}

function fromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
