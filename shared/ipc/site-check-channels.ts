import { z } from 'zod';
import { RequestBudget } from './budget-channels';
import { HostWords } from './host-words';

/**
 * "Check this site": read-only probes of each feature, so screens offer only
 * what the site and the user's role allow and say why, instead of failing on use.
 */

/** The features checked, in the order the settings panel lists them. */
export const SITE_FEATURES = ['courses', 'roster', 'attendance', 'content', 'adaptiveRelease', 'calendar', 'announcements', 'ally'] as const;
export const SiteFeature = z.enum(SITE_FEATURES);
export type SiteFeature = z.infer<typeof SiteFeature>;

/**
 * - `available`: the probe was answered;
 * - `not-allowed`: Learn answered 403, the user's role lacks an entitlement;
 * - `not-enabled`: Learn answered 404 for a course that exists (the service is switched off);
 * - `not-configured`: Ally has no credentials for this site;
 * - `unknown`: no answer, or nothing to probe with (the reason says which).
 */
export const FeatureState = z.enum(['available', 'not-allowed', 'not-enabled', 'not-configured', 'unknown']);
export type FeatureState = z.infer<typeof FeatureState>;

export const FeatureCheck = z.strictObject({
  feature: SiteFeature,
  /** The feature in English words ("Meetings and roll call"); the screen writes `sitecheck.name.<feature>` in the instructor's language. */
  name: z.string(),
  state: FeatureState,
  /** What this means for the user and what to do, in English words; absent when available. */
  reason: z.string().optional(),
  /** The reason as a catalogue key and values (`sitecheck.*`), for the screen to write in the instructor's language. */
  words: HostWords.optional(),
  /** The permission to ask for, in words with its Learn name, when not allowed. */
  askFor: z.string().optional(),
});
export type FeatureCheck = z.infer<typeof FeatureCheck>;

export const SiteCheck = z.strictObject({
  /** The site in words (its host name, or "the demo"). */
  siteName: z.string(),
  learnVersion: z.string().optional(),
  /** ISO time of the check. */
  checkedAt: z.string(),
  /**
   * The course the course-level probes ran in, the user's role there in words and as Learn's
   * course role id: their verdicts hold for courses where the user has that role.
   */
  course: z.strictObject({ name: z.string(), role: z.string(), roleId: z.string() }).optional(),
  features: z.array(FeatureCheck),
  /** The site's request budget as last seen (no request is made for it); absent before Learn has answered. */
  budget: RequestBudget.optional(),
});
export type SiteCheck = z.infer<typeof SiteCheck>;

export const siteCheckChannels = {
  /**
   * What the signed-in user may use on this site. The last check of this sign-in is answered
   * again unless `again` is true (the settings panel's "Check this site").
   */
  'site.check': { request: z.strictObject({ again: z.boolean().optional() }), response: SiteCheck },
} as const;
