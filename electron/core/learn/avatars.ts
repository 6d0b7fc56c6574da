import { isPhotoType, PHOTO_MAX_BYTES, type PHOTO_TYPES } from '../../../shared/ipc/photo-channels';
import { ApiError } from '../http/api-error';
import { isLoopbackHost, urlForDisplay } from '../http/base-url';
import { describeFailure } from '../http/failure-text';
import { readCapped } from '../http/read-capped';
import { path, type LearnHttp } from './learn-http';

/**
 * Get User Avatar (Swagger 3900.121.0, "Since 3800.10.0"): Learn answers 302 with a signed,
 * expiring link, which is fetched here and checked before the bytes go anywhere.
 *
 * The token rule: the bearer token goes to Learn's API only. The signed link is fetched without
 * it, wherever it points (it is signed on behalf of the user, so the token adds nothing, and a
 * link on another host must never receive it). The link must be https (http only on loopback,
 * as for the Learn address). docs/api-notes/users-and-courses.md, "User avatars".
 *
 * Photos are background reads (docs/decisions/site-request-quota.md, "Background reads"): below the site's reserve of
 * requests they are not asked for, and the roll call shows initials.
 */

type PhotoType = (typeof PHOTO_TYPES)[number];

export type AvatarAnswer =
  | { state: 'photo'; contentType: PhotoType; bytes: Uint8Array }
  | { state: 'none' }
  | { state: 'not-allowed'; reason: string }
  | { state: 'refused'; reason: string };

export class AvatarsApi {
  constructor(private readonly learn: LearnHttp) {}

  /** A user's photo; `none` when Learn has none (404), `refused` when its link answers anything but a photo. */
  async photo(userId: string, options: { signal?: AbortSignal; maxBytes?: number } = {}): Promise<AvatarAnswer> {
    const apiPath = path`/api/public/v1/users/${userId}/avatar`;
    const operation = `read the photo of user ${userId}`;
    let response: Response;
    try {
      response = await this.learn.stream({ method: 'GET', path: apiPath, operation, redirect: 'manual', signal: options.signal, priority: 'background' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { state: 'none' };
      if (error instanceof ApiError && error.status === 403) return { state: 'not-allowed', reason: 'Learn does not let you see this student’s photo.' };
      throw error;
    }
    await response.body?.cancel();
    const location = response.headers.get('location');
    const link = location && response.status >= 300 && response.status < 400 ? safeLink(location, this.learn.base) : undefined;
    if (!link) {
      const issue = location ? 'its photo link is not https' : `expected a redirect to the photo, got ${response.status}`;
      throw new ApiError({ kind: 'invalid-response', message: describeFailure({ kind: 'invalid-response', service: 'Learn', operation, method: 'GET', issue }), method: 'GET', url: urlForDisplay(this.learn.url(apiPath)), operation });
    }
    // No Authorization header: see the token rule above.
    const file = await this.learn.http.stream({ method: 'GET', url: link, operation, priority: 'background', ...(options.signal ? { signal: options.signal } : {}) });
    const contentType = (file.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (contentType === 'image/svg+xml') {
      await file.body?.cancel();
      return { state: 'refused', reason: 'The photo is an SVG drawing, which Rollbook does not show: a drawing can carry a program. Initials are shown instead.' };
    }
    if (!isPhotoType(contentType)) {
      await file.body?.cancel();
      return { state: 'refused', reason: `Learn’s photo link answered ${contentType ? `a ${contentType} file` : 'a file of no stated type'}, not an image.` };
    }
    const limit = options.maxBytes ?? PHOTO_MAX_BYTES;
    const tooLarge = (): never => {
      throw new PhotoTooLarge(limit);
    };
    let bytes: Uint8Array;
    try {
      bytes = await readCapped(file, limit, tooLarge);
    } catch (error) {
      if (error instanceof PhotoTooLarge) return { state: 'refused', reason: `The photo is larger than ${Math.round(limit / 1024 / 1024)} MB, more than a roll call shows.` };
      throw error;
    }
    if (!looksLike(contentType, bytes)) return { state: 'refused', reason: `Learn’s photo link answered a file labelled ${contentType} whose bytes are not that kind of image.` };
    return { state: 'photo', contentType, bytes };
  }
}

class PhotoTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`over ${limit} bytes`);
  }
}

/** The Location as a URL Rollbook will fetch: absolute or relative to Learn, https or loopback http, no user info. */
function safeLink(location: string, base: URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(location, base.origin);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  return undefined;
}

/** The file's first bytes agree with its stated type (a sign-in page labelled image/png is refused). */
function looksLike(type: PhotoType, bytes: Uint8Array): boolean {
  const head = (n: number): string => Buffer.from(bytes.subarray(0, n)).toString('latin1');
  switch (type) {
    case 'image/png':
      return head(8) === '\x89PNG\r\n\x1a\n';
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/gif':
      return head(4) === 'GIF8';
    case 'image/webp':
      return head(4) === 'RIFF' && head(12).slice(8) === 'WEBP';
    case 'image/avif':
      return head(12).slice(4, 8) === 'ftyp';
  }
}
