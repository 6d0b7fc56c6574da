import { join } from 'node:path';
import { siteName } from '../../../shared/domain/site-name';
import { z } from 'zod';
import type { KnownSite } from '../../../shared/ipc/site-channels';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';

/**
 * The Learn sites this device has signed in to, for the site chooser: address and application
 * key (neither secret; the secret and refresh token stay in the vault). One small private file in
 * the data folder, `rollbook-sites.json`, written whole.
 */
/** Who signed in at a site, so a launch or switch with no network still knows whose store to open. */
export const KeptUser = z.strictObject({ id: z.string().min(1), userName: z.string(), displayName: z.string() });

export interface SiteList {
  list(): Promise<KnownSite[]>;
  /** A site's entry with the user last signed in there (names it offline). */
  get(learnUrl: string): Promise<SiteEntry | undefined>;
  /** Adds a site, or replaces its entry (and so its user), at the end. */
  add(site: SiteEntry): Promise<void>;
  remove(learnUrl: string): Promise<void>;
}

const Entry = z.strictObject({
  learnUrl: z.string().min(1),
  applicationKey: z.string().min(1),
  user: KeptUser.optional(),
  /**
   * Who last used the site on this device, kept through a new sign-in (which drops `user`) until
   * Learn names that user again or the user confirms another: a sign-in as someone else is asked about first.
   */
  lastUser: KeptUser.optional(),
  /** The site's name in the chooser, from the deployment file. */
  label: z.string().optional(),
  /** Ally's address and client id for this site, from the deployment file (the secret is in the vault). */
  allyUrl: z.string().optional(),
  allyClientId: z.number().int().positive().optional(),
  /** Put here by the deployment file (managed-deployment.ts), so a newer file may update it; absent for a site the user added. */
  fromDeployment: z.boolean().optional(),
});
export type SiteEntry = z.infer<typeof Entry>;
const File = z.strictObject({ sites: z.array(Entry) });

export function fileSiteList(directory: string, fileName = 'rollbook-sites.json'): SiteList {
  const file = join(directory, fileName);
  const read = async (): Promise<z.infer<typeof Entry>[]> => {
    // Absent or damaged: no known sites; the user types the address again, nothing is lost.
    const kept = await readPrivateJson(file, File).catch(() => undefined);
    return kept?.state === 'read' ? kept.data.sites : [];
  };
  const write = (sites: z.infer<typeof Entry>[]): Promise<void> => replacePrivateFile(file, JSON.stringify({ sites }));
  return {
    async list() {
      return (await read()).map(known);
    },
    async get(learnUrl) {
      return (await read()).find((s) => s.learnUrl === learnUrl);
    },
    async add(site) {
      const others = (await read()).filter((s) => s.learnUrl !== site.learnUrl);
      await write([...others, Entry.parse(site)]);
    },
    async remove(learnUrl) {
      await write((await read()).filter((s) => s.learnUrl !== learnUrl));
    },
  };
}

/** What the chooser shows of an entry: no user. */
const known = (s: SiteEntry): KnownSite => ({ learnUrl: s.learnUrl, siteName: siteName(s.learnUrl, false), applicationKey: s.applicationKey, ...(s.label ? { label: s.label } : {}) });

/** In memory (tests, and hosts without a data folder). */
export function memorySiteList(): SiteList {
  const sites = new Map<string, SiteEntry>();
  return {
    list: () => Promise.resolve([...sites.values()].map(known)),
    get: (learnUrl) => Promise.resolve(sites.get(learnUrl)),
    add: (site) => {
      sites.delete(site.learnUrl);
      sites.set(site.learnUrl, site);
      return Promise.resolve();
    },
    remove: (learnUrl) => {
      sites.delete(learnUrl);
      return Promise.resolve();
    },
  };
}
