import { z } from 'zod';

/** A message of the catalogue: its key and its values. */
const Said = z.strictObject({
  key: z.string().regex(/^[a-z][\w.]{0,99}$/i),
  values: z.record(z.string().max(100), z.union([z.string().max(2000), z.number()])).optional(),
});

/**
 * A sentence the host sends as a message of the catalogue (shared/i18n/messages/<locale>/*.ts):
 * its key and values, so the renderer writes it in the instructor's language. It travels beside
 * the English text, which a renderer that does not know the key (an older one) still shows.
 * `parts` are values that are messages themselves (the reason inside "its meeting could not be
 * created in Learn: {reason}", a permission inside "your role lacks {permission}"): written first,
 * in the same language, then passed by name. One level only; a stored row of the older shape (no
 * `parts`) reads as before.
 */
export const HostWords = Said.extend({
  parts: z.record(z.string().max(100), Said).optional(),
});
export type HostWords = z.infer<typeof HostWords>;
/** A part of a sentence: a message with no parts of its own. */
export type HostWordsPart = z.infer<typeof Said>;
