import type { RunningSandbox } from '../../sandbox/server';
import { userToken } from '../../tests/support/sandbox';

/**
 * What Learn holds, read through its REST API as any client would (the floors' inputs), between
 * the measured steps: never while the app's requests are being counted.
 */
export class LearnFacts {
  readonly #token: string;
  constructor(private readonly sandbox: RunningSandbox) {
    this.#token = userToken(sandbox, 'instructor');
  }

  /** Every item of a paged list (R1: pages of 100, `paging.nextPage` relative to the host). */
  async list(path: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let next: string | undefined = `/learn/api/public/v1${path}${path.includes('?') ? '&' : '?'}limit=100`;
    while (next) {
      const res = await fetch(`${this.sandbox.origin}${next}`, { headers: { Authorization: `Bearer ${this.#token}` } });
      if (!res.ok) throw new Error(`GET ${next}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { results: Record<string, unknown>[]; paging?: { nextPage?: string } | null };
      out.push(...body.results);
      next = body.paging?.nextPage ?? undefined;
    }
    return out;
  }

  async meetings(courseId: string): Promise<{ id: number; title?: string }[]> {
    return (await this.list(`/courses/courseId:${courseId}/meetings`)) as { id: number; title?: string }[];
  }

  /** A meeting's records: userId -> status. */
  async records(courseId: string, meetingId: number): Promise<Map<string, string>> {
    const records = await this.list(`/courses/courseId:${courseId}/meetings/${meetingId}/users`);
    return new Map(records.map((r) => [String(r.userId), String(r.status)]));
  }

  /**
   * R9b: the course's members a bulk reaches beyond the roll (`roll`): the whole membership when
   * the site's bulk covers the course (the sandbox's control stands for the site here), none when
   * it covers the students only.
   */
  async bulkAlsoReaches(courseId: string, roll: readonly string[]): Promise<string[]> {
    const res = await this.sandbox.controlFetch(`/__sandbox/attendance`);
    const { bulkCovers } = (await res.json()) as { bulkCovers: 'course' | 'students' };
    if (bulkCovers === 'students') return [];
    const onRoll = new Set(roll);
    return (await this.list(`/courses/courseId:${courseId}/users`)).map((m) => String(m.userId)).filter((u) => !onRoll.has(u));
  }

  /**
   * The course's content, every level (R12), and how many items keep files as attachments: in a
   * Classic course files, documents and Classic assignments; in an Ultra course file items only
   * (an Ultra document's files are in its body).
   */
  async content(courseId: string): Promise<{ contentItems: number; fileItems: number; ultra: boolean }> {
    const items = await this.list(`/courses/courseId:${courseId}/contents?recursive=true`);
    const res = await fetch(`${this.sandbox.origin}/learn/api/public/v3/courses/courseId:${courseId}?fields=ultraStatus`, { headers: { Authorization: `Bearer ${this.#token}` } });
    if (!res.ok) throw new Error(`GET course ${courseId}: ${res.status} ${await res.text()}`);
    const ultra = ((await res.json()) as { ultraStatus?: string }).ultraStatus === 'Ultra';
    const handler = (item: Record<string, unknown>): string => String((item.contentHandler as { id?: string } | undefined)?.id ?? '');
    const holders = ultra ? ['resource/x-bb-file'] : ['resource/x-bb-file', 'resource/x-bb-document', 'resource/x-bb-assignment'];
    return { contentItems: items.length, fileItems: items.filter((i) => holders.includes(handler(i))).length, ultra };
  }
}
