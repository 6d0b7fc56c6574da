import { Announcement, type AnnouncementPatch, type NewAnnouncement } from '../../../shared/api/announcements';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read } from './paging';

/**
 * System announcements (seed 000). Administrators see every announcement, other users only those
 * shown now. The list takes `fields` and paging only (no sort, no filters), oldest first.
 */

type Signal = { signal?: AbortSignal };
const ANNOUNCEMENTS = '/api/public/v1/announcements';
const announcement = (id: string) => path`/api/public/v1/announcements/${id}`;

export class AnnouncementsApi {
  constructor(private readonly learn: LearnHttp) {}

  /** Every announcement the user may see; all pages. */
  listAnnouncements<O extends PageOptions<Announcement>>(options?: O): AsyncGenerator<Read<Announcement, O>> {
    const o: PageOptions<Announcement> = options ?? {};
    return this.learn.list({ path: ANNOUNCEMENTS, query: listQuery(o), operation: 'list the announcements', signal: o.signal }, itemSchema(Announcement, o.fields));
  }

  getAnnouncement<O extends FieldsOption<Announcement> & Signal>(id: string, options?: O): Promise<Read<Announcement, O>> {
    return this.learn.read(
      { method: 'GET', path: announcement(id), query: toQuery({ fields: options?.fields }), operation: `open announcement ${id}`, signal: options?.signal },
      itemSchema(Announcement, options?.fields),
    );
  }

  /** Creates an announcement (201; Permanent unless `availability` says otherwise). Not repeated when the answer is lost (POST). */
  createAnnouncement(input: NewAnnouncement, options: Signal = {}): Promise<Announcement> {
    return this.learn.read({ method: 'POST', path: ANNOUNCEMENTS, json: input, operation: `post the announcement "${input.title}"`, signal: options.signal }, Announcement);
  }

  /** Changes only the fields sent; a duration date sent as null is cleared. */
  updateAnnouncement(id: string, change: AnnouncementPatch, options: Signal = {}): Promise<Announcement> {
    return this.learn.read({ method: 'PATCH', path: announcement(id), json: change, operation: `change announcement ${id}`, signal: options.signal }, Announcement);
  }

  deleteAnnouncement(id: string, options: Signal = {}): Promise<void> {
    return this.learn.send({ method: 'DELETE', path: announcement(id), operation: `delete announcement ${id}`, signal: options.signal });
  }
}
