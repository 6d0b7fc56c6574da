import type { SandboxCourse } from '../../core/directory';
import type { ShapeVariety } from '../../core/shape-variety';
import type { ContentStore, StoredContent } from './store';
import type { Viewer } from './visibility';
import type { ContentJson, LinkJson } from './wire';

/**
 * A stored item as the API shows it to one viewer. Non-privileged viewers lose the availability
 * settings (seed: available, allowGuests, adaptiveRelease; the brief adds allowObservers), and the
 * body of a PartiallyVisible item (Swagger: "the title will be available to students but the body
 * will not"). Empty optional fields are null or absent, as `variety` picks (real Learn writes both).
 */
export function contentJson(variety: ShapeVariety, store: ContentStore, course: SandboxCourse, item: StoredContent, viewer: Viewer): ContentJson {
  const isFolder = item.contentHandler.id === 'resource/x-bb-folder';
  const hidesBody = !viewer.privileged && item.availability.available === 'PartiallyVisible';
  const hasColumn = [...store.gradeColumns.values()].some((c) => c.contentId === item.id);
  return {
    id: item.id,
    parentId: variety.optional(item.parentId),
    title: item.title,
    body: variety.optional(hidesBody ? undefined : item.body),
    description: variety.optional(item.description),
    created: item.created,
    modified: item.modified,
    position: item.system ? 0 : store.positionOf(item),
    // Learn marks every folder as having children, even an empty one (creating-content.md).
    hasChildren: isFolder ? true : variety.empty(),
    hasGradebookColumns: hasColumn ? true : variety.empty(),
    launchInNewWindow: item.launchInNewWindow,
    reviewable: item.reviewable,
    ...(viewer.privileged ? { availability: availabilityJson(variety, item) } : {}),
    contentHandler: structuredClone(item.contentHandler),
    links: linksOf(store, course, item),
  };
}

/** The "User Interface View" link Learn adds to every item, and a download link for files. */
function availabilityJson(variety: ShapeVariety, item: StoredContent): NonNullable<ContentJson['availability']> {
  const { available, allowGuests, allowObservers, adaptiveRelease } = item.availability;
  return { available, allowGuests, allowObservers, adaptiveRelease: { start: variety.optional(adaptiveRelease.start), end: variety.optional(adaptiveRelease.end) } };
}

function linksOf(store: ContentStore, course: SandboxCourse, item: StoredContent): LinkJson[] {
  const ui =
    course.ultraStatus === 'Ultra'
      ? `/ultra/redirect?redirectType=nautilus&courseId=${course.id}&contentId=${item.id}${item.parentId ? `&parentId=${item.parentId}` : ''}`
      : `/webapps/blackboard/content/listContent.jsp?course_id=${course.id}&content_id=${item.id}`;
  const links: LinkJson[] = [{ href: ui, rel: 'alternate', title: 'User Interface View', type: 'text/html' }];
  if (item.contentHandler.id === 'resource/x-bb-file') {
    const attachment = [...store.attachments.values()].find((a) => a.contentId === item.id);
    if (attachment) {
      // The attachment download path of the Learn API (Swagger); the file's bytes live there.
      links.push({
        href: `/learn/api/public/v1/courses/${course.id}/contents/${item.id}/attachments/${attachment.id}/download`,
        rel: 'download',
        title: attachment.fileName,
        type: attachment.mimeType,
      });
    }
  }
  return links;
}
