import { z } from 'zod';

/**
 * The host's copy of the outbox (electron/core/app/outbox-journal.ts). In browser mode the browser
 * may clear IndexedDB, and with it the changes not yet sent to Learn: every write to the outbox
 * table is mirrored here, and a store found missing rows at start gets them back.
 * docs/decisions/outbox-journal-kept-by-the-host.md.
 */

/** The largest the journal grows, in bytes of its rows' JSON: beyond it the host refuses more. */
export const OUTBOX_JOURNAL_MAX_BYTES = 32 * 1024 * 1024;

/**
 * An outbox row as the renderer stores it (one op, or an import's batch row). The host keeps it
 * as given and never reads it beyond its op id; the renderer checks a replayed row against its own
 * row schema before it goes back into the store.
 */
export const JournalRow = z.looseObject({ opId: z.string().min(1).max(300) });
export type JournalRow = z.infer<typeof JournalRow>;

const IdentityKey = z.string().min(1).max(200);

export const outboxJournalChannels = {
  /**
   * Mirrors committed outbox writes, in order: `put` rows (added or replaced whole), then `deleted`
   * op ids (sent, or discarded by the instructor). Refused, with words for the instructor, when
   * the journal would grow past OUTBOX_JOURNAL_MAX_BYTES.
   */
  'outbox.journal': {
    request: z.strictObject({ identity: IdentityKey, put: z.array(JournalRow).max(5_000), deleted: z.array(z.string().min(1).max(300)).max(50_000) }),
    response: z.strictObject({ rows: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  },
  /** Every row the journal holds for the identity, oldest write first (the renderer replays the ones its store lacks). */
  'outbox.journaled': {
    request: z.strictObject({ identity: IdentityKey }),
    response: z.strictObject({ rows: z.array(JournalRow) }),
  },
} as const;
