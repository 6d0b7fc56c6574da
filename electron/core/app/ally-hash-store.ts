import { join } from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../../shared/logger';
import { siteIdOf } from '../auth/learn-site';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';

/**
 * The content hashes Ally issued for a Learn site's files, kept between launches. Ally's hash is
 * opaque (seed 002): the one it returns at upload is the only name Rollbook can be sure of, so it
 * is kept per file revision (course, item, attachment, and the item's `modified` time) and used
 * for status, reports and formats. One file per Learn site in the data folder, replaced whole
 * (write, sync, rename), so a crash mid-write leaves the old file; a damaged file is logged and
 * read as empty, since every hash in it can be found again or re-sent.
 */
const log = createLogger('ally');

/** Which revision of which Learn file. */
export interface FileRevision {
  contentId: string;
  attachmentId: string;
  /** The item's last change; a kept hash stands only while it is unchanged. */
  modified?: string | undefined;
}

/** Ally's hash for a revision, and the file's size when Rollbook read or sent it. */
export interface KeptHash {
  hash: string;
  bytes: number | null;
}

const Entry = z.object({ modified: z.string().nullable(), hash: z.string().min(1), bytes: z.number().int().nonnegative().nullable() });
/** A revision Ally did not know under any of its lookup hashes: the hashes to ask again, so the file is not downloaded again. */
const Lookup = z.object({ modified: z.string().nullable(), candidates: z.array(z.string().min(1)), bytes: z.number().int().nonnegative() });
const Contents = z.object({ version: z.literal(1), files: z.record(z.string(), Entry), lookups: z.record(z.string(), Lookup).optional() });
type Contents = z.infer<typeof Contents>;

/** One revision per attachment: a newer revision replaces the older, so the file does not grow with edits. */
const keyOf = (courseId: string, f: FileRevision): string => JSON.stringify([courseId, f.contentId, f.attachmentId]);

/** A Learn site's kept hashes. */
export class SiteHashes {
  #contents: Promise<Contents> | undefined;
  /** Writes one after another, each with the latest contents. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    /** The site's file, or undefined to keep hashes in memory only. */
    readonly file: string | undefined,
  ) {}

  async get(courseId: string, f: FileRevision): Promise<KeptHash | undefined> {
    const entry = (await this.#load()).files[keyOf(courseId, f)];
    return entry && entry.modified === (f.modified ?? null) ? { hash: entry.hash, bytes: entry.bytes } : undefined;
  }

  /** The lookup hashes computed for this revision when Ally knew none of them (once per revision: the file is not read again). */
  async lookup(courseId: string, f: FileRevision): Promise<{ candidates: string[]; bytes: number } | undefined> {
    const entry = (await this.#load()).lookups?.[keyOf(courseId, f)];
    return entry && entry.modified === (f.modified ?? null) ? { candidates: entry.candidates, bytes: entry.bytes } : undefined;
  }

  /** Keeps Ally's hash for each revision given, and the lookup hashes of revisions Ally did not know (one write for all). */
  async set(courseId: string, entries: readonly (readonly [FileRevision, KeptHash])[], lookups: readonly (readonly [FileRevision, { candidates: string[]; bytes: number }])[] = []): Promise<void> {
    if (entries.length === 0 && lookups.length === 0) return;
    const contents = await this.#load();
    for (const [f, kept] of entries) {
      contents.files[keyOf(courseId, f)] = { modified: f.modified ?? null, hash: kept.hash, bytes: kept.bytes };
      delete contents.lookups?.[keyOf(courseId, f)];
    }
    for (const [f, found] of lookups) (contents.lookups ??= {})[keyOf(courseId, f)] = { modified: f.modified ?? null, ...found };
    const file = this.file;
    if (file === undefined) return;
    const write = this.#queue.then(() => replacePrivateFile(file, JSON.stringify(contents)));
    this.#queue = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      // The upload itself succeeded: keep the hash for this run rather than fail it.
      log.warn('Could not save the kept Ally hashes; they last until Rollbook quits', { file, error: (error as Error).message });
    }
  }

  #load(): Promise<Contents> {
    this.#contents ??= this.file === undefined ? Promise.resolve(empty()) : readContents(this.file);
    return this.#contents;
  }
}

/** Every site's kept hashes, in `directory` (the host's data folder) or, without one, in memory. */
export class AllyHashStore {
  readonly #sites = new Map<string, SiteHashes>();

  constructor(readonly directory?: string) {}

  /** The hashes of the site at `learnUrl` (normalised, as LearnClient.baseUrl gives it). */
  site(learnUrl: string): SiteHashes {
    const id = siteIdOf(learnUrl.replace(/\/+$/, ''));
    let site = this.#sites.get(id);
    if (!site) {
      site = new SiteHashes(this.directory === undefined ? undefined : join(this.directory, `ally-hashes-${id}.json`));
      this.#sites.set(id, site);
    }
    return site;
  }
}

const empty = (): Contents => ({ version: 1, files: {} });

async function readContents(file: string): Promise<Contents> {
  let kept;
  try {
    kept = await readPrivateJson(file, Contents);
  } catch (error) {
    log.warn('Could not read the kept Ally hashes; starting without them', { file, error: (error as Error).message });
    return empty();
  }
  if (kept.state === 'read') return kept.data;
  // Nothing in it is secret or irreplaceable: files are looked up again, or sent again, as needed.
  if (kept.state === 'damaged') log.warn('The kept Ally hashes file is damaged; starting without it (it is replaced at the next upload)', { file });
  return empty();
}
