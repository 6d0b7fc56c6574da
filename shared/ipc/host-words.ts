import { z } from 'zod';

/**
 * A sentence the host sends as a message of the catalogue (shared/i18n/messages/<locale>/sync.ts):
 * its key and values, so the renderer writes it in the instructor's language. It travels beside
 * the English text, which a renderer that does not know the key (an older one) still shows.
 */
export const HostWords = z.strictObject({
  key: z.string().regex(/^[a-z][\w.]{0,99}$/i),
  values: z.record(z.string().max(100), z.union([z.string().max(2000), z.number()])).optional(),
});
export type HostWords = z.infer<typeof HostWords>;
