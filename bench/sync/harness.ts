import type { LearnClient } from '../../electron/core/learn/learn-client';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import type { LearnStatus } from '../../shared/api/attendance';
import { learnAs } from '../learn';
import type { PlannedMeeting } from './scenario';
import { KINDS, kindOf, meetingFields } from './scenario';

/**
 * The in-process sandbox the sync benchmark pushes to, over loopback with the real Learn client
 * as the app builds it (default HTTP client and retry policy), signed in as the demo instructor.
 */
export const LECTURE = 'courseId:PSYC-101-F26';

export class SyncBench {
  private constructor(readonly sandbox: RunningSandbox) {}

  static async start(): Promise<SyncBench> {
    // The daily quota is lifted: the naive client alone sends a few thousand requests. The bulk
    // covers the students only (the sandbox's default is the Swagger's "all users in the course"):
    // the yardsticks compare Learn's records with the students' planned statuses.
    return new SyncBench(await startSandbox({ port: 0, dailyQuota: 10_000_000, bulkCovers: 'students' }));
  }

  /** A fresh Learn client (its own token), as a new app session would have. */
  learn(): LearnClient {
    return learnAs(this.sandbox, 'instructor');
  }

  async control(path: string, body?: unknown): Promise<unknown> {
    const res = await this.sandbox.controlFetch(`/__sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`sandbox control ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Back to the demo term, no faults, counters at zero; then the latency every request pays. */
  async reset(latencyMs: number): Promise<void> {
    await this.control('reset', {});
    await this.control('quota', { limit: 10_000_000 });
    await this.control('faults', { latencyMs });
  }

  /**
   * Requests that reached Learn since the last reset: those answered (the stats) plus those the
   * sandbox refused with an injected 5xx or 429 before answering (its fault counters).
   */
  async requestsSent(): Promise<number> {
    const stats = (await this.control('stats')) as { total: number };
    const faults = (await this.control('faults')) as { injected: { serverError: number; rateLimited: number } };
    return stats.total + faults.injected.serverError + faults.injected.rateLimited;
  }

  async roster(learn: LearnClient): Promise<string[]> {
    const out: string[] = [];
    for await (const m of learn.courses.listCourseUsers(LECTURE, { role: 'Student' })) {
      if (m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes') out.push(m.userId);
    }
    return out;
  }

  async meetingCount(learn: LearnClient): Promise<number> {
    let n = 0;
    for await (const _ of learn.attendance.listMeetings(LECTURE)) n++;
    return n;
  }

  /** Creates, in Learn, the "existing" meetings among the first `count` (made before the device went offline). */
  async createExisting(learn: LearnClient, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      if (kindOf(i) === 'existing') ids.push((await learn.attendance.createMeeting(LECTURE, { courseId: LECTURE, ...meetingFields(i) })).id);
    }
    return ids;
  }

  /** A meeting's records as Learn holds them now: userId -> status. */
  async records(learn: LearnClient, meetingId: number): Promise<Map<string, LearnStatus>> {
    const out = new Map<string, LearnStatus>();
    for await (const r of learn.attendance.listRecords(LECTURE, meetingId)) out.set(r.userId, r.status);
    return out;
  }

  /**
   * Whether Learn holds exactly the intent: one meeting per planned title (no duplicate from a
   * replayed create), and at each exactly the intended records, no more, no fewer. Returns the
   * differences in words (empty when exact).
   */
  async differences(learn: LearnClient, meetings: readonly PlannedMeeting[]): Promise<string[]> {
    const problems: string[] = [];
    const byTitle = new Map<string, number[]>();
    for await (const m of learn.attendance.listMeetings(LECTURE)) if (m.title) byTitle.set(m.title, [...(byTitle.get(m.title) ?? []), m.id]);
    for (const planned of meetings) {
      const ids = byTitle.get(planned.title) ?? [];
      if (ids.length !== 1) {
        problems.push(`${planned.title}: ${ids.length} meetings in Learn`);
        continue;
      }
      const held = new Map<string, LearnStatus>();
      for await (const r of learn.attendance.listRecords(LECTURE, ids[0]!)) {
        if (held.has(r.userId)) problems.push(`${planned.title}: two records for ${r.userId}`);
        held.set(r.userId, r.status);
      }
      for (const [userId, status] of planned.intent) if (held.get(userId) !== status) problems.push(`${planned.title}: ${userId} is ${held.get(userId) ?? 'unmarked'}, not ${status}`);
      for (const userId of held.keys()) if (!planned.intent.has(userId)) problems.push(`${planned.title}: unexpected record for ${userId}`);
    }
    return problems;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}

export const kindsIn = (meetings: readonly PlannedMeeting[]): string => KINDS.map((k) => `${meetings.filter((m) => m.kind === k).length} ${k}`).join(', ');
