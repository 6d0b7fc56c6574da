import { z } from 'zod';
import { HostWords } from './host-words';

/**
 * Sites and identities as the user chooses them: the demo and every Learn site
 * this device has signed in to, and the identity (site + user) whose local store is open.
 */

/**
 * Who is signed in, where, as the renderer needs it to pick the local store. `key` is stable for
 * a Learn site (its normalised address) and user (Learn's id), and for the demo user; a demo key
 * never equals a real site's (docs/decisions/one-store-per-identity.md, "One local store per identity").
 */
export const Identity = z.strictObject({
  key: z.string().min(1).max(200),
  demo: z.boolean(),
  /** The site's normalised address (`https://learn.school.edu/learn`; the demo's sandbox address). */
  learnUrl: z.string(),
  /** The site in words: its host name, or "the demo". */
  siteName: z.string(),
});
export type Identity = z.infer<typeof Identity>;

/** A Learn site this device has signed in to. The key is not secret; the secret stays in the vault. */
export const KnownSite = z.strictObject({
  learnUrl: z.string(),
  /** `learn.school.edu` */
  siteName: z.string(),
  applicationKey: z.string(),
  /** The institution's name for the site (the deployment file's `label`), shown above its address. */
  label: z.string().optional(),
});
export type KnownSite = z.infer<typeof KnownSite>;

export const KnownSites = z.strictObject({
  /** The host has the bundled sandbox, so "Try the demo" works. */
  demoAvailable: z.boolean(),
  sites: z.array(KnownSite),
  /** The deployment file at the managed path could not be used: what is wrong (field names, never values) and the fix. */
  deploymentProblem: z.string().optional(),
  /** Its first sentence (what is wrong) as a catalogue key and values; the chooser adds the fix in the instructor's language. */
  deploymentProblemWords: HostWords.optional(),
});
export type KnownSites = z.infer<typeof KnownSites>;

const SiteRequest = z.strictObject({ learnUrl: z.string().min(1).max(2000) });

export const siteChannels = {
  /** The demo (when offered) and the Learn sites this device knows, for the site chooser. */
  'auth.sites': { request: z.strictObject({}), response: KnownSites },
  /** Forgets a known site: signs out of it if it is the one signed in to, drops its key, secret and sign-in. */
  'auth.forgetSite': { request: SiteRequest, response: KnownSites },
} as const;
