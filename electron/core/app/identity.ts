import { createHash } from 'node:crypto';
import { siteName } from '../../../shared/domain/site-name';
import type { Identity } from '../../../shared/ipc/site-channels';

/**
 * The identity key that names a local store (docs/architecture.md rule 8): a Learn site and a
 * user of it, or a demo user. The site is its normalised address (origin + path), the user
 * Learn's primary id, both stable across launches. The demo's sandbox gets a new port every
 * launch, so a demo key names the demo itself, never its address; and the two prefixes keep a
 * demo key from ever equalling a real site's.
 */
export function identityOf(site: { learnUrl: string; demo: boolean }, userId: string): Identity {
  const learnUrl = site.learnUrl;
  const key = site.demo ? `demo-${digest(`demo\n${userId}`)}` : `site-${digest(`${learnUrl}\n${userId}`)}`;
  return { key, demo: site.demo, learnUrl, siteName: siteName(learnUrl, site.demo) };
}

/** 24 hex characters of SHA-256: short enough for a database name, with no characters to escape. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}
