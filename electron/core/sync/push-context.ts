import PQueue from 'p-queue';
import type { AttendanceStatus, Meeting } from '../../../shared/api/attendance';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { asPart, hostWords, type HostSentence } from '../host-words';
import type { RetryPolicy } from '../http/retry-policy';
import type { RollReader } from '../learn/course-rosters';
import type { LearnClient } from '../learn/learn-client';
import type { EngineMemory } from './engine-memory';
import { ResultBook } from './results';

const log = createLogger('sync');

export type SyncPhase = 'reading' | 'meetings' | 'records' | 'changes';
export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
}

/**
 * What one push shares between its steps: the client, the request pool, the stop signal, the
 * results, the progress counters, and the reads made at most once per course: the meetings (kept
 * across pushes for a few minutes: engine-memory.ts) and the roster (the core's, shared with the
 * roll call screen: learn/course-rosters.ts).
 */
export class PushContext {
  readonly book = new ResultBook();
  readonly queue: PQueue;
  /** Stops everything: the caller's abort, or a sign-in that ended. */
  readonly signal: AbortSignal;
  /** Stops only on a sign-in that ended: used where stopping half-way would leave a worse state (after a bulk). */
  readonly hardSignal: AbortSignal;
  /** Server meeting ids already matched to a create of this push, so two creates never take the same one. */
  readonly claimed = new Set<number>();
  /** Why the push stopped, said for each change it left unsent (in English and as the catalogue's words). */
  stopReason: HostSentence | { message: string } | undefined;
  readonly #stop = new AbortController();
  readonly #meetings = new Map<string, Promise<Meeting[]>>();
  readonly #students = new Map<string, Promise<Map<string, string>>>();
  readonly #counts: Record<SyncPhase, { done: number; total: number }> = {
    reading: { done: 0, total: 0 },
    meetings: { done: 0, total: 0 },
    records: { done: 0, total: 0 },
    changes: { done: 0, total: 0 },
  };

  constructor(
    readonly learn: LearnClient,
    /** What the engine keeps across pushes (engine-memory.ts). */
    readonly memory: EngineMemory,
    /** The course rosters the core keeps for this client (learn/course-rosters.ts). */
    readonly roll: RollReader,
    /** The schedule of the POSTs the engine repeats itself (repeat.ts). */
    readonly retry: RetryPolicy,
    concurrency: number,
    external: AbortSignal | undefined,
    private readonly onProgress: ((p: SyncProgress) => void) | undefined,
  ) {
    this.queue = new PQueue({ concurrency });
    this.hardSignal = this.#stop.signal;
    this.signal = external ? AbortSignal.any([external, this.#stop.signal]) : this.#stop.signal;
    const stopped = (): void => {
      this.stopReason ??= hostWords('sync.syncStopped');
    };
    if (external?.aborted) stopped();
    else external?.addEventListener('abort', stopped, { once: true });
  }

  /**
   * One request through the pool. The caller's abort stops requests from starting, never one
   * already sent: an abandoned write can still land on the server after the push has returned, and
   * a replay that looked before it landed would then create a second meeting. So a stopped push
   * returns once its requests in flight have answered, and every result it gives is known.
   * Only a sign-in that ended cuts requests short (they would be refused anyway).
   * `hard`: start even after the caller's abort (the exceptions of a bulk already sent).
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>, hard = false): Promise<T> {
    try {
      return await this.queue.add(() => {
        (hard ? this.hardSignal : this.signal).throwIfAborted();
        return task(this.hardSignal);
      });
    } catch (error) {
      if (error instanceof SignInRequiredError) this.stopForSignIn(error);
      throw error;
    }
  }

  stopForSignIn(error: SignInRequiredError): void {
    if (this.#stop.signal.aborted) return;
    log.warn('sync stopped: sign-in required');
    // The sign-in's own sentence inside this one: a part when it has words, else the sentence stays English.
    const reason = asPart(error.words);
    this.stopReason = reason ? hostWords('sync.notSentYetBecause', undefined, { reason }) : { message: `Not sent yet. ${error.message}` };
    this.#stop.abort(error);
  }

  get stopped(): boolean {
    return this.signal.aborted;
  }

  /**
   * The course's meetings (all pages): listed once per push unless `fresh`, or taken from the
   * engine's last list of them within minutes (`remembered` says so: engine-memory.ts).
   */
  meetingsOf(courseId: string, fresh = false): Promise<Meeting[]> {
    let read = this.#meetings.get(courseId);
    const kept = fresh ? undefined : this.memory.meetings(courseId);
    if (!read && kept) return Promise.resolve(kept);
    if (!read || fresh) {
      read = this.reading(async () => {
        const out: Meeting[] = [];
        for await (const m of this.learn.attendance.listMeetings(courseId, { signal: this.signal })) out.push(m);
        this.memory.listedMeetings(courseId, out);
        return out;
      });
      this.#meetings.set(courseId, read);
      read.catch(() => this.#meetings.delete(courseId));
    }
    return read;
  }

  /** Whether the course's meetings come from the engine's memory, not from a list read in this push. */
  remembered(courseId: string): boolean {
    return !this.#meetings.has(courseId) && this.memory.meetings(courseId) !== undefined;
  }

  /** Whether the roster is known or on its way (reading it costs nothing more). */
  hasStudents(courseId: string): boolean {
    return this.#students.has(courseId) || this.roll.fresh(courseId);
  }

  /** The course's students on the roll (Student role, available), userId -> user name; read once per push at most. */
  studentsOf(courseId: string): Promise<Map<string, string>> {
    let read = this.#students.get(courseId);
    if (!read) {
      const toMap = (members: readonly { userId: string; userName: string }[]): Map<string, string> => new Map(members.map((m) => [m.userId, m.userName]));
      read = this.roll.fresh(courseId) ? this.roll.read(courseId).then(toMap) : this.reading(() => this.roll.read(courseId)).then(toMap);
      this.#students.set(courseId, read);
      read.catch(() => this.#students.delete(courseId));
    }
    return read;
  }

  /**
   * A bulk sets the exceptions too, before their PATCHes put them right. If one of those PATCHes
   * then fails, the server holds the bulk's status where this device's base says something else,
   * and the next push would call its own bulk a conflict. So the engine remembers, for its
   * lifetime, what it set that way, and accepts it as its own until the op lands. (After a crash
   * that memory is gone: the user is then shown a conflict, never a silent overwrite.)
   */
  rememberOwn(courseId: string, meetingId: number, userId: string, status: AttendanceStatus): void {
    this.memory.own.set(`${courseId}|${meetingId}|${userId}`, status);
  }

  forgetOwn(courseId: string, meetingId: number, userId: string): void {
    this.memory.own.delete(`${courseId}|${meetingId}|${userId}`);
  }

  ownStatus(courseId: string, meetingId: number, userId: string): AttendanceStatus | undefined {
    return this.memory.own.get(`${courseId}|${meetingId}|${userId}`);
  }

  /** A read counted in the 'reading' phase. Lists page inside the client; the pool bounds the whole read. `hard`: as for `run`. */
  async reading<T>(read: () => Promise<T>, hard = false): Promise<T> {
    this.plan('reading', 1);
    try {
      return await this.run(() => read(), hard);
    } finally {
      this.tick('reading');
    }
  }

  plan(phase: SyncPhase, n: number): void {
    this.#counts[phase].total += n;
  }

  tick(phase: SyncPhase, n = 1): void {
    const c = this.#counts[phase];
    c.done += n;
    try {
      this.onProgress?.({ phase, done: c.done, total: Math.max(c.total, c.done) });
    } catch (error) {
      log.warn('progress listener failed', { error: String(error) });
    }
  }
}
