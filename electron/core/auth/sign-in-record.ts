import { z } from 'zod';
import type { SecretStore } from './token-vault';

/**
 * What a sign-in leaves in the vault: the refresh token, and what Learn wants with it on every
 * refresh (the sign-in's loopback redirect URI), plus who signed in. Kept as one opaque vault
 * entry per site, so the redirect URI can never drift from the token it belongs to.
 */
export const SignInRecord = z.strictObject({
  refreshToken: z.string().min(1),
  redirectUri: z.string().min(1),
  /** The user's UUID, as Learn's `user_id`. */
  userId: z.string().optional(),
  /** Space-separated granted scopes. */
  scope: z.string().optional(),
});
export type SignInRecord = z.infer<typeof SignInRecord>;

/** The site's record, or undefined when there is none or it cannot be read (then a sign-in replaces it). */
export async function readSignInRecord(vault: SecretStore, siteId: string): Promise<SignInRecord | undefined> {
  const stored = await vault.get(siteId, 'refresh-token');
  if (stored === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch {
    return undefined;
  }
  const parsed = SignInRecord.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export function writeSignInRecord(vault: SecretStore, siteId: string, record: SignInRecord): Promise<void> {
  return vault.set(siteId, 'refresh-token', JSON.stringify(SignInRecord.parse(record)));
}

/** Forgets the sign-in only: the application secret and everything else stay. */
export function deleteSignInRecord(vault: SecretStore, siteId: string): Promise<void> {
  return vault.delete(siteId, 'refresh-token');
}
