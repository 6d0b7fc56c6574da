/**
 * When a read of Learn last succeeded, per identity (site and user), kind and course: what the
 * site check's first run takes as its probe's answer (a course's meetings listed a minute ago say
 * the role may read attendance there) instead of asking Learn again.
 */

/** How long a successful read answers for the same question. */
export const RECENT_READ_MS = 5 * 60_000;

export type ReadKind = 'meetings';

export class RecentReads {
  readonly #at = new Map<string, number>();

  constructor(
    private readonly identity: () => string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  succeeded(kind: ReadKind, courseId: string): void {
    this.#at.set(`${this.identity() ?? ''}|${kind}|${courseId}`, this.now());
  }

  fresh(kind: ReadKind, courseId: string): boolean {
    const at = this.#at.get(`${this.identity() ?? ''}|${kind}|${courseId}`);
    return at !== undefined && this.now() - at < RECENT_READ_MS;
  }
}
