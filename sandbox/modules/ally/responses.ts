import { allyError } from './ally-http';
import type { ContentRecord, ContentStore, FormatJob } from './content-store';
import { availableFormats } from './format-ids';
import { feedbackOf } from './scoring';

/**
 * The bodies Ally answers (seed 002 "Resources and their fields"). URLs in bodies are paths below
 * the Ally base URL (`/api/v2/clients/1/content/<hash>/status`), exactly as the vendor pages show
 * them: a client prefixes its configured base (for the sandbox, `<origin>/ally`). A hash is one
 * path segment, percent-encoded (base64 may hold `/`, `+` and `=`).
 */
export const contentPath = (clientId: number, hash: string): string => `/api/v2/clients/${clientId}/content/${encodeURIComponent(hash)}`;
// `:` is legal in a path segment; `Translation:fr` stays readable.
export const formatPath = (clientId: number, hash: string, id: string): string => `${contentPath(clientId, hash)}/formats/${encodeURIComponent(id).replace(/%3A/gi, ':')}`;

export function processingStatus(store: ContentStore, record: ContentRecord, clientId: number): Record<string, unknown> {
  const status = store.stage(record);
  const done = status === 'success' || status === 'failed';
  return {
    hash: record.hash,
    status,
    statusUrl: `${contentPath(clientId, record.hash)}/status`,
    // Null until processing ends (the seed: "null while a new file is pending").
    resourceUrl: done ? contentPath(clientId, record.hash) : null,
    // Sandbox addition: why a file failed, so the app can tell the instructor.
    ...(status === 'failed' && !record.analysis.ok ? { message: record.analysis.reason } : {}),
  };
}

export interface DetailFlags {
  feedback: boolean;
  formats: boolean;
}

export function contentInformation(store: ContentStore, record: ContentRecord, flags: DetailFlags): Record<string, unknown> {
  const status = store.stage(record);
  const analysed = status === 'success' && record.analysis.ok ? record.analysis : undefined;
  const formats = analysed ? availableFormats(record.fileType) : [];
  return {
    hash: record.hash,
    // Rule 1: null unless asked for; also null while processing or when it failed (nothing to show).
    feedback: flags.feedback && analysed ? feedbackOf(analysed.checks) : null,
    formats: flags.formats ? { availableFormats: formats, canToggleAvailability: false, available: formats.length > 0, visibility: true } : null,
    metadata: {
      name: record.name,
      decorative: null,
      description: null,
      fileType: record.fileType,
      mimeType: record.mimeType,
      isVersioned: false,
      isSeizureInducing: false,
      libraryReference: null,
    },
  };
}

/**
 * The vendor page shows a format's status only at `success`, with its `downloadUrl`. Before that,
 * with shape variety on, the URL is `null` or left out (there is nothing to download yet), as a
 * service may write it; otherwise it is given at every stage.
 */
export function formatStatus(store: ContentStore, record: ContentRecord, job: FormatJob, clientId: number, variety: { on: boolean; empty(): null | undefined }): Record<string, unknown> {
  const path = formatPath(clientId, record.hash, job.id);
  const status = store.formatStage(job);
  return { status, statusUrl: `${path}/status`, downloadUrl: status === 'success' || !variety.on ? path : variety.empty() };
}

/** The record for a hash in the path, or 404 naming it. */
export function knownContent(store: ContentStore, hash: string): ContentRecord {
  const record = store.get(hash);
  if (!record) throw allyError(404, `No content with hash ${hash}; upload the file first (POST .../content) and use the hash it returns.`);
  return record;
}
