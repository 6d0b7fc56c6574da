import { z } from 'zod';

/**
 * The key that seals an identity's local store at rest (docs/decisions/local-data-sealed-at-rest.md).
 * The host keeps one per identity in its vault (the OS keychain on the desktop, the 0600 file in the
 * 0700 data folder in browser mode) and hands it only over the authenticated IPC; the page keeps it
 * in memory, never in IndexedDB or localStorage, so a page served from the same origin by another
 * server (a squatter on a stopped Rollbook's port) reads only ciphertext.
 */
const IdentityRequest = z.strictObject({ identity: z.string().min(1).max(200) });

export const storeKeyChannels = {
  /** The store key of `identity` (256-bit AES, base64), made on first use; refused unless that identity is signed in. */
  'store.key': { request: IdentityRequest, response: z.strictObject({ key: z.string().length(44) }) },
  /** Forgets the store key of `identity`, and the host's copy of its outbox: its store can never be read again (the page removes it first). */
  'store.forgetKey': { request: IdentityRequest, response: z.strictObject({}) },
} as const;
