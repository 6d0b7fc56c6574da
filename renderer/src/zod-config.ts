import { z } from 'zod';

/**
 * Imported first by app/signed-in-part.ts (the first screen builds no schema) and the import
 * worker, before any schema is used. The renderer's CSP forbids eval, and zod 4
 * probes for it (`Function('')`) before compiling fast parsers: the probe fails safely but still
 * files a CSP violation report on every launch. Jitless parsing never probes.
 */
z.config({ jitless: true });
