import { join } from 'node:path';
import { z } from 'zod';
import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import { createLogger } from '../../../shared/logger';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';
import { SiteBudget, type KeptBudget } from './site-budget';

/**
 * Every Learn site's request budget (site-budget.ts), by origin, kept between launches in one small
 * file of the data folder, so that reopening Rollbook the same day still knows what is left and
 * sends nothing to a site whose quota is used up. Entries whose reset has passed are dropped when
 * the file is written. Screens hear of changes through `onChange`: at most once a second, and at
 * once when a site's gate closes or opens.
 */
const log = createLogger('http:budget');

const FILE_NAME = 'rollbook-request-budgets.json';
/** At most one change reported (and one write) a second per site, but for the gate's. */
const QUIET_MS = 1000;

const Ms = z.number().int().nonnegative();
const Entry = z.object({
  known: z.object({ limit: Ms, remaining: Ms, resetAtMs: Ms, observedAtMs: Ms }).optional(),
  closure: z.object({ reason: z.enum(['used-up', 'slow-down']), untilMs: Ms }).optional(),
});
const Contents = z.object({ version: z.literal(1), sites: z.record(z.string(), Entry) });

export type BudgetListener = (origin: string, budget: RequestBudget) => void;

interface Site {
  budget: SiteBudget;
  lastReport: number;
  /** A report waiting for the quiet time to pass. */
  trailing: NodeJS.Timeout | undefined;
  /** A report for when the gate opens or the quota resets, with no answer to say so. */
  opening: NodeJS.Timeout | undefined;
}

export class RequestBudgets {
  readonly #sites = new Map<string, Site>();
  readonly #listeners = new Set<BudgetListener>();
  readonly #file: string | undefined;
  readonly #kept: Record<string, KeptBudget>;
  readonly now: () => number;
  #writes: Promise<unknown> = Promise.resolve();
  #writeTimer: NodeJS.Timeout | undefined;

  /** The budgets kept in `directory` (the host's data folder); without one, in memory for this run. */
  static async open(directory: string | undefined, options: { now?: () => number } = {}): Promise<RequestBudgets> {
    const file = directory === undefined ? undefined : join(directory, FILE_NAME);
    let kept: Record<string, KeptBudget> = {};
    if (file) {
      const read = await readPrivateJson(file, Contents).catch(() => ({ state: 'damaged' as const }));
      // Nothing in it is irreplaceable: the next answer from Learn says it all again.
      if (read.state === 'damaged') log.warn('The kept request budgets could not be read; starting without them', { file });
      if (read.state === 'read') kept = read.data.sites;
    }
    return new RequestBudgets({ ...options, ...(file ? { file } : {}), kept });
  }

  constructor(options: { now?: () => number; file?: string; kept?: Record<string, KeptBudget> } = {}) {
    this.now = options.now ?? Date.now;
    this.#file = options.file;
    this.#kept = options.kept ?? {};
  }

  /** The budget of the site at `origin` (scheme, host, port). */
  site(origin: string): SiteBudget {
    let site = this.#sites.get(origin);
    if (!site) {
      const created: Site = { budget: new SiteBudget(this.#kept[origin] ?? {}, (gate) => this.#changed(origin, created, gate)), lastReport: 0, trailing: undefined, opening: undefined };
      site = created;
      this.#sites.set(origin, site);
    }
    return site.budget;
  }

  /** The site's budget as screens show it; null before any answer from it. */
  snapshot(origin: string): RequestBudget | null {
    return this.site(origin).snapshot(this.now());
  }

  onChange(listener: BudgetListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Writes what is waiting to be written (tests; a host closing). */
  async flush(): Promise<void> {
    if (this.#writeTimer) {
      clearTimeout(this.#writeTimer);
      this.#writeTimer = undefined;
      this.#write();
    }
    await this.#writes;
  }

  #changed(origin: string, site: Site, gate: boolean): void {
    this.#scheduleWrite(gate);
    const since = Date.now() - site.lastReport;
    if (gate || since >= QUIET_MS) return this.#report(origin, site);
    site.trailing ??= unref(setTimeout(() => this.#report(origin, site), QUIET_MS - since));
  }

  #report(origin: string, site: Site): void {
    clearTimeout(site.trailing);
    clearTimeout(site.opening);
    site.trailing = undefined;
    site.lastReport = Date.now();
    const budget = site.budget.snapshot(this.now());
    if (budget) {
      for (const listener of this.#listeners) listener(origin, budget);
    }
    const next = site.budget.nextChange(this.now());
    site.opening = next === undefined ? undefined : unref(setTimeout(() => this.#report(origin, site), Math.min(next - this.now() + 50, 2 ** 31 - 1)));
  }

  #scheduleWrite(now: boolean): void {
    if (!this.#file) return;
    if (now) {
      if (this.#writeTimer) clearTimeout(this.#writeTimer);
      this.#writeTimer = undefined;
      return this.#write();
    }
    this.#writeTimer ??= unref(
      setTimeout(() => {
        this.#writeTimer = undefined;
        this.#write();
      }, QUIET_MS),
    );
  }

  #write(): void {
    const file = this.#file;
    if (!file) return;
    const now = this.now();
    const sites: Record<string, KeptBudget> = { ...this.#kept };
    for (const [origin, site] of this.#sites) sites[origin] = site.budget.kept();
    // A site whose period has ended and whose gate is open has nothing worth keeping.
    for (const [origin, kept] of Object.entries(sites)) {
      const live = (kept.known && kept.known.resetAtMs > now) || (kept.closure && kept.closure.untilMs > now);
      if (!live) delete sites[origin];
    }
    const text = JSON.stringify({ version: 1, sites: JSON.parse(JSON.stringify(sites)) as unknown });
    this.#writes = this.#writes
      .then(() => replacePrivateFile(file, text))
      .catch((error: unknown) => log.warn('Could not keep the request budgets; they last until Rollbook quits', { file, error: (error as Error).message }));
  }
}

function unref(timer: NodeJS.Timeout): NodeJS.Timeout {
  timer.unref();
  return timer;
}
