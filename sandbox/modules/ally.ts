import type { SandboxContext, SandboxModule } from '../core/context';
import { allyRoute } from './ally/ally-http';
import { ContentStore } from './ally/content-store';
import { demoFileContents } from './ally/demo-files';
import { contentRoutes } from './ally/routes-content';
import { formatRoutes } from './ally/routes-formats';

export { demoFileContent, demoFileContents, type DemoContent } from './ally/demo-files';

/**
 * Anthology Ally's content feedback API (seed 002) under `/ally`: upload, processing status,
 * content information (single and batch), alternative formats. Reports are computed from the
 * uploaded bytes (sandbox/modules/ally/analyse-*.ts); the demo course files are known from the
 * start, already processed. Rules the seed leaves open: docs/api-notes/ally.md "Ally content feedback API" and "Ally content hashes".
 */
const BASE = '/ally/api/v2/clients/:clientId/content';

const STORES = new WeakMap<SandboxContext, ContentStore>();

/** The files Ally knows in this world, for the control API (`/__sandbox/ally`). */
export function allyStoreOf(ctx: SandboxContext): ContentStore {
  const store = STORES.get(ctx);
  if (!store) throw new Error('The Ally module is not installed in this sandbox world');
  return store;
}

export const allyModule: SandboxModule = {
  name: 'ally',
  install(ctx, router) {
    // With shape variety on, about half the files (by their bytes, so the same in every run) get a hash with the form-encoded name: the vendor samples show both.
    const store = new ContentStore(ctx.clock, ctx.settings.allyProcessingMs, (sha1) => ctx.variety.on && parseInt(sha1.slice(-1), 16) % 2 === 1);
    STORES.set(ctx, store);
    if (ctx.settings.demoData) {
      for (const demo of demoFileContents()) {
        store.add({
          hash: demo.hash,
          formEncoded: false,
          sha1: demo.sha1,
          name: demo.file.name,
          fileType: demo.type.fileType,
          mimeType: demo.type.mimeType,
          receivedAt: Number.NEGATIVE_INFINITY,
          get analysis() {
            return demo.analysis; // analysed when first asked for
          },
          sourceModel: demo.model,
          formats: new Map(),
        });
      }
    }
    const content = contentRoutes(ctx, store);
    const formats = formatRoutes(ctx, store);
    router
      // Upload content: 202 for a new file, 303 See Other for one processed before.
      .post(BASE, allyRoute(content.upload))
      // Get batched content information: a GET with a JSON body; `batch` outranks `:contentHash`.
      .get(`${BASE}/batch`, allyRoute(content.batch))
      // Get content information (?feedback=true&formats=true).
      .get(`${BASE}/:contentHash`, allyRoute(content.details))
      // Get content processing status: 200 for every known hash.
      .get(`${BASE}/:contentHash/status`, allyRoute(content.status))
      // Create format (form body url, formatParam), poll it, download it.
      .post(`${BASE}/:contentHash/formats/:format`, allyRoute(formats.create))
      .get(`${BASE}/:contentHash/formats/:format/status`, allyRoute(formats.status))
      .get(`${BASE}/:contentHash/formats/:format`, allyRoute(formats.download));
  },
};
