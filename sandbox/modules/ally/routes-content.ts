import type { SandboxContext } from '../../core/context';
import { objectBody, ok, type SandboxReply, type SandboxRequest } from '../../core/http';
import { allyError, flag, mediaType, readUpload } from './ally-http';
import { analyse } from './analyse';
import { authenticate } from './auth';
import { sha1Upper, type ContentStore } from './content-store';
import { detectType, SUPPORTED_TYPES } from './analyse';
import { escapeHtml } from './markup';
import { requireAllowed, type PolicyStatement } from './policy';
import { contentInformation, contentPath, knownContent, processingStatus, type DetailFlags } from './responses';

/**
 * Upload, processing status, content information and the batch: seed 002's first four
 * operations. Routes are registered by sandbox/modules/ally.ts.
 */
export const MAX_BATCH_REFERENCES = 100;

function seeOther(location: string): SandboxReply {
  const page = `<!DOCTYPE html>\n<html><head><title>303 See Other</title></head><body><p>See <a href="${escapeHtml(location)}">${escapeHtml(location)}</a>.</p></body></html>\n`;
  return { status: 303, body: Buffer.from(page), headers: { Location: location, 'Content-Type': 'text/html; charset=utf-8' } };
}

/**
 * Each part asked for needs its action; auth.md's example grants `content:getDetails:WithFormats`
 * alone "to request the format related information", so a granted part brings the metadata with
 * it, and plain `content:getDetails` is needed only when no part is asked for.
 */
function detailPermissions(policy: PolicyStatement[] | undefined, hash: string, flags: DetailFlags): void {
  if (flags.feedback) requireAllowed(policy, 'content:getDetails:withFeedback', hash);
  if (flags.formats) requireAllowed(policy, 'content:getDetails:withFormats', hash);
  if (!flags.feedback && !flags.formats) requireAllowed(policy, 'content:getDetails', hash);
}

/** A hash Ally does not know, answered 200 with nothing in it (the `unknownHash: 'empty'` control). */
const emptyEntry = (hash: string): Record<string, unknown> => ({ hash, feedback: null, formats: null, metadata: {} });

export function contentRoutes(ctx: SandboxContext, store: ContentStore) {
  return {
    upload: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const file = await readUpload(req);
      const type = detectType(file.fileName, file.partMimeType);
      if (!type) throw allyError(415, `${file.fileName} (${file.partMimeType}) is not a type Ally analyses; it accepts ${SUPPORTED_TYPES}. Archives are not accepted.`);
      // The same bytes under any name are the same content (seed 002: "not reprocessed"); the first name stands.
      const sha1 = sha1Upper(file.bytes);
      const known = store.withBytes(sha1);
      const formEncoded = store.formEncodesName(sha1);
      const hash = known?.hash ?? store.hashFor(file.fileName, sha1, type.mimeType, formEncoded);
      requireAllowed(caller.policy, 'content:upload', hash);

      if (known) {
        const stage = store.stage(known);
        // Processed before: 303 to the feedback URL, with the short HTML page web servers write (no vendor page shows a body). Still processing: the same 202.
        if (stage === 'success' || stage === 'failed') return seeOther(`${req.origin}/ally${contentPath(caller.clientId, hash)}`);
        return ok(processingStatus(store, known, caller.clientId), 202);
      }
      const record = store.add({
        hash,
        formEncoded,
        sha1,
        name: file.fileName,
        fileType: type.fileType,
        mimeType: type.mimeType,
        receivedAt: store.now(),
        analysis: analyse(file.bytes, type.reader),
        formats: new Map(),
      });
      ctx.log.debug('Ally upload received', { hash, name: file.fileName, bytes: file.bytes.length, analysed: record.analysis.ok });
      return ok(processingStatus(store, record, caller.clientId), 202);
    },

    status: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const hash = req.params.contentHash ?? '';
      requireAllowed(caller.policy, 'content:getStatus', hash);
      // Rule 2: 200 for every known hash, whatever the outcome; an unknown one as the control says.
      const record = store.get(hash);
      if (!record && store.unknownHash === 'empty') return ok({ hash });
      return ok(processingStatus(store, knownContent(store, hash), caller.clientId));
    },

    details: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const hash = req.params.contentHash ?? '';
      const flags = { feedback: flag(req, 'feedback'), formats: flag(req, 'formats') };
      detailPermissions(caller.policy, hash, flags);
      if (!store.get(hash) && store.unknownHash === 'empty') return ok(emptyEntry(hash));
      return ok(contentInformation(store, knownContent(store, hash), flags));
    },

    /** GET with a JSON body (get-batched-feedback.md). Answers `{reports: [...]}` in request order. */
    batch: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const flags = { feedback: flag(req, 'feedback'), formats: flag(req, 'formats') };
      const type = mediaType(req);
      if (type !== 'application/json') {
        throw allyError(415, `Send the batch as a JSON body with Content-Type: application/json (it was '${type || 'none'}'): {"references": [{"hash": "..."}]}.`);
      }
      const references = objectBody(req).references;
      if (!Array.isArray(references) || references.length === 0) {
        throw allyError(400, 'The body must hold a non-empty list: {"references": [{"hash": "..."}]}.');
      }
      if (references.length > MAX_BATCH_REFERENCES) {
        throw allyError(400, `The batch has ${references.length} references; the limit is ${MAX_BATCH_REFERENCES}. Split it into several requests.`);
      }
      const hashes = references.map((reference: unknown, i) => {
        const hash = typeof reference === 'object' && reference !== null ? (reference as { hash?: unknown }).hash : undefined;
        if (typeof hash !== 'string' || hash.trim() === '') throw allyError(400, `references[${i}].hash must be a non-empty string (a content hash from an upload).`);
        return hash;
      });
      for (const hash of hashes) detailPermissions(caller.policy, hash, flags);
      // Rule 3: request order; null where nothing could be retrieved (or, by the control, an empty entry).
      const reports = hashes.map((hash) => {
        const record = store.get(hash);
        if (record) return contentInformation(store, record, flags);
        return store.unknownHash === 'empty' ? emptyEntry(hash) : null;
      });
      return ok({ reports });
    },
  };
}
