import { createHash } from 'node:crypto';
import { allyMediaType } from './upload-file';

/**
 * Ally's content hash is opaque (seed 002: "an opaque content hash returned at upload"), so the
 * hash Ally returns is the one Rollbook keeps and uses. For a file Rollbook did not send, the only
 * way to ask Ally about it is to guess its hash, and the vendor's own samples show the form: base64
 * of `<file name>:<SHA-1 of the bytes, upper-case hex>:<media type>` (get-feedback.md,
 * ui-integration.md). That is an observation from the samples, not a documented rule
 * (docs/api-notes/ally.md "Ally content hashes"), so a guess that finds nothing means "not checked yet".
 */

/** SHA-1 of the bytes, upper-case hex, as the vendor samples carry it. */
export const sha1Upper = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex').toUpperCase();

/** A name as an HTML form (application/x-www-form-urlencoded) writes it: spaces as `+` (ui-integration.md's sample). */
export const formEncodedName = (fileName: string): string => new URLSearchParams({ n: fileName }).toString().slice(2);

/** The vendor samples' form for one name and type. */
export const vendorSampleHash = (fileName: string, sha1: string, mimeType: string): string => Buffer.from(`${fileName}:${sha1}:${mimeType}`, 'utf8').toString('base64');

/**
 * Every hash the vendor samples' form allows for a file, most likely first: the name as Learn
 * gives it and form-encoded (the samples show both), with Learn's media type and, when it differs,
 * the type Rollbook would send for the file's extension. Without duplicates.
 */
export function vendorSampleHashes(file: { fileName: string; mimeType: string }, bytes: Uint8Array): string[] {
  const sha1 = sha1Upper(bytes);
  const names = [file.fileName, formEncodedName(file.fileName)];
  const types = [file.mimeType, allyMediaType(file.fileName) ?? file.mimeType];
  return [...new Set(types.flatMap((type) => names.map((name) => vendorSampleHash(name, sha1, type))))];
}
