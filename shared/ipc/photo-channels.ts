import { z } from 'zod';

/**
 * Student photos for the roll call, from Learn's Get User Avatar. The renderer
 * asks by user id; the main side follows Learn's signed link and answers the bytes, so no token or
 * link ever reaches the page. docs/api-notes/users-and-courses.md, "User avatars".
 */

/** The largest photo taken: avatars are small portraits, so anything bigger is not one. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Image types a photo may have: raster images only. An SVG is a document that can carry script:
 * opened on its own ("Open image in new tab" on its blob: URL) it would run in Rollbook's origin,
 * so an SVG photo is refused and never stored (docs/security.md, "Hostile bytes").
 */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;

/** Whether a stored or received type is one a photo may have (rows kept before SVG was refused are not). */
export const isPhotoType = (type: string | undefined): type is (typeof PHOTO_TYPES)[number] => (PHOTO_TYPES as readonly (string | undefined)[]).includes(type);

/**
 * - `photo`: the image, base64 (at most PHOTO_MAX_BYTES bytes);
 * - `none`: Learn has no avatar for this user (404);
 * - `not-allowed`: Learn does not let this user see that person's avatar (403);
 * - `refused`: Learn's link answered something that is not a photo (another type, too large); `reason` says what.
 */
export const PhotoAnswer = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('photo'), contentType: z.enum(PHOTO_TYPES), base64: z.string().max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4) }),
  z.strictObject({ state: z.literal('none') }),
  z.strictObject({ state: z.literal('not-allowed'), reason: z.string() }),
  z.strictObject({ state: z.literal('refused'), reason: z.string() }),
]);
export type PhotoAnswer = z.infer<typeof PhotoAnswer>;

export const photoChannels = {
  /** One user's photo (a roster member's primary id). */
  'learn.photo': { request: z.strictObject({ userId: z.string().min(1).max(200) }), response: PhotoAnswer },
} as const;
