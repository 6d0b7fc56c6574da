import { join } from 'node:path';
import { z } from 'zod';
import type { KnownSite } from '../../../shared/ipc/site-channels';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';

/**
 * The Learn sites this device has signed in to, for the site chooser: address and application
 * key (neither secret; the secret and refresh token stay in the vault). One small private file in
 * the data folder, `rollbook-sites.json`, written whole.
 */
export interface SiteList {
  list(): Promise<KnownSite[]>;
  add(site: { learnUrl: string; applicationKey: string }): Promise<void>;
  remove(learnUrl: string): Promise<void>;
}

const Entry = z.strictObject({ learnUrl: z.string().min(1), applicationKey: z.string().min(1) });
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
      return (await read()).map((s) => ({ ...s, siteName: new URL(s.learnUrl).host }));
    },
    async add(site) {
      const others = (await read()).filter((s) => s.learnUrl !== site.learnUrl);
      await write([...others, { learnUrl: site.learnUrl, applicationKey: site.applicationKey }]);
    },
    async remove(learnUrl) {
      await write((await read()).filter((s) => s.learnUrl !== learnUrl));
    },
  };
}

/** In memory (tests, and hosts without a data folder). */
export function memorySiteList(): SiteList {
  const sites = new Map<string, string>();
  return {
    list: () => Promise.resolve([...sites].map(([learnUrl, applicationKey]) => ({ learnUrl, applicationKey, siteName: new URL(learnUrl).host }))),
    add: (site) => {
      sites.delete(site.learnUrl);
      sites.set(site.learnUrl, site.applicationKey);
      return Promise.resolve();
    },
    remove: (learnUrl) => {
      sites.delete(learnUrl);
      return Promise.resolve();
    },
  };
}
