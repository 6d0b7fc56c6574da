import { z } from 'zod';
import { optional } from './common';

/**
 * Learn's Get Version answer, GET /learn/api/public/v1/system/version (vendor Swagger 3900.121.0,
 * `system.VersionInfo` and `system.Version`, "Since 3000.3.0"): `{learn: {major, minor, patch, build}}`.
 * Every field is optional in the Swagger, so the reader takes any of them absent or null, and a
 * number written as a string; unknown fields pass. It serves two purposes: telling that an address
 * is a Learn site, and showing its release ("Learn 3900.121.0") in the site area.
 */
const VersionPart = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

export const LearnVersion = z.looseObject({
  major: optional(VersionPart),
  minor: optional(VersionPart),
  patch: optional(VersionPart),
  /** "An internal identifier for the build artifact": not shown. */
  build: optional(z.string()),
});
export type LearnVersion = z.infer<typeof LearnVersion>;

export const VersionInfo = z.looseObject({
  learn: optional(LearnVersion),
});
export type VersionInfo = z.infer<typeof VersionInfo>;

/** `3900.121.0` as the release is named (`3900.121` without a patch), or undefined without major and minor. */
export function learnReleaseName(info: VersionInfo): string | undefined {
  const learn = info.learn;
  if (learn?.major === undefined || learn.minor === undefined) return undefined;
  return learn.patch === undefined ? `${learn.major}.${learn.minor}` : `${learn.major}.${learn.minor}.${learn.patch}`;
}
