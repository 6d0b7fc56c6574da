import type { SandboxContext } from '../../core/context';
import { formBody, ok, type SandboxReply, type SandboxRequest } from '../../core/http';
import { allyError, contentDisposition, flag, mediaType } from './ally-http';
import { authenticate } from './auth';
import type { ContentRecord, ContentStore, FormatJob } from './content-store';
import { hasText } from './document-model';
import { availableFormats, formatInPath, formatToCreate } from './format-ids';
import { requireAllowed } from './policy';
import { render } from './renditions';
import { formatStatus, knownContent } from './responses';

/**
 * Alternative formats: create (POST, form body `url` and `formatParam`), poll, download.
 * Generation takes two stages of `allyProcessingMs` on the sandbox clock, like processing.
 * Rule 4 (request before download): a format never requested is 404; one still being generated
 * is 409.
 */
function checkUrl(value: string | null): string {
  if (value === null || value.trim() === '') {
    throw allyError(400, "url is required: the address where Ally can download the original file (with any authentication it needs, e.g. a signed query string).");
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw allyError(400, `url '${value}' is not an absolute URL; give the full http(s) address of the original file.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw allyError(400, `url '${value}' must be http or https, not ${url.protocol.replace(':', '')}.`);
  return url.toString();
}

function requestedJob(record: ContentRecord, id: string): FormatJob {
  const job = record.formats.get(id);
  if (!job) throw allyError(404, `Format ${id} of ${record.hash} has not been requested; POST it (.../formats/${id}) first, then poll its status.`);
  return job;
}

export function formatRoutes(ctx: SandboxContext, store: ContentStore) {
  return {
    create: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const hash = req.params.contentHash ?? '';
      requireAllowed(caller.policy, 'content:getFormat', hash);
      const record = knownContent(store, hash);
      const type = mediaType(req);
      if (type !== 'application/x-www-form-urlencoded') {
        throw allyError(415, `Send the form body as application/x-www-form-urlencoded (url=...&formatParam=...); Content-Type was '${type || 'none'}'.`);
      }
      const form = formBody(req);
      const format = formatToCreate(req.params.format ?? '', form.get('formatParam'));
      const url = checkUrl(form.get('url'));
      const stage = store.stage(record);
      if (stage === 'pending' || stage === 'inprogress') {
        throw allyError(409, `${record.name} (${hash}) is still being processed (${stage}); request formats once its status is success.`);
      }
      if (stage === 'failed') {
        const why = record.analysis.ok ? '' : ` ${record.analysis.reason}`;
        throw allyError(409, `${record.name} (${hash}) could not be analysed, so it has no alternative formats.${why} Upload a readable copy.`);
      }
      const offered = availableFormats(record.fileType);
      if (!offered.includes(format.name)) {
        const list = offered.length ? `the formats for it are ${offered.join(', ')}` : 'images have no alternative formats';
        throw allyError(400, `${format.name} is not offered for ${record.name} (a ${record.fileType} file); ${list}.`);
      }
      // A repeated request reports the job already running; it does not restart it.
      let job = record.formats.get(format.id);
      if (!job) {
        job = { id: format.id, name: format.name, requestedAt: store.now(), url };
        record.formats.set(format.id, job);
      }
      return ok(formatStatus(store, record, job, caller.clientId, ctx.variety));
    },

    status: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const hash = req.params.contentHash ?? '';
      const format = formatInPath(req.params.format ?? '');
      requireAllowed(caller.policy, 'content:getFormat', hash);
      const record = knownContent(store, hash);
      return ok(formatStatus(store, record, requestedJob(record, format.id), caller.clientId, ctx.variety));
    },

    download: async (req: SandboxRequest): Promise<SandboxReply> => {
      const caller = await authenticate(ctx, req);
      const hash = req.params.contentHash ?? '';
      const attachment = flag(req, 'asAttachment');
      const format = formatInPath(req.params.format ?? '');
      requireAllowed(caller.policy, 'content:getFormat', hash);
      const record = knownContent(store, hash);
      const job = requestedJob(record, format.id);
      const stage = store.formatStage(job);
      if (stage !== 'success') throw allyError(409, `Format ${format.id} of ${hash} is still being generated (${stage}); poll its statusUrl until success.`);
      // The text read from the file; for a demo file with none (the scan), the text it was made from.
      const analysed = record.analysis.ok ? record.analysis.model : { blocks: [] };
      const model = hasText(analysed) || !record.sourceModel ? analysed : record.sourceModel;
      const rendition = render(format.id, { fileName: record.name, hash, model });
      const headers: Record<string, string> = { 'Content-Type': rendition.contentType, 'Content-Length': String(rendition.body.length) };
      if (attachment) headers['Content-Disposition'] = contentDisposition(rendition.fileName);
      return { status: 200, body: rendition.body, headers };
    },
  };
}
