import type { SandboxCourse } from '../../core/directory';
import type { ContentStore, StoredContent } from './store';
import type { Viewer } from './visibility';
import type { ContentJson, LinkJson } from './wire';

/**
 * A stored item as the API shows it to one viewer. Non-privileged viewers lose the availability
 * settings (seed: available, allowGuests, adaptiveRelease; the brief adds allowObservers), and the
 * body of a PartiallyVisible item (Swagger: "the title will be available to students but the body
 * will not"). An empty optional field is left out, as every item the vendor pages show
 * (creating-content.md, curl-demo.md: no `parentId` at the top, no `body`, `description` or
 * `hasChildren` on a test, `adaptiveRelease: {}`); no document shows one written `null`.
 */
export function contentJson(store: ContentStore, course: SandboxCourse, item: StoredContent, viewer: Viewer): ContentJson {
  const isFolder = item.contentHandler.id === 'resource/x-bb-folder';
  const hidesBody = !viewer.privileged && item.availability.available === 'PartiallyVisible';
  const hasColumn = [...store.gradeColumns.values()].some((c) => c.contentId === item.id);
  return {
    id: item.id,
    parentId: item.parentId,
    title: item.title,
    body: hidesBody ? undefined : item.body,
    description: item.description,
    created: item.created,
    modified: item.modified,
    position: item.system ? 0 : store.positionOf(item),
    // Learn marks every folder as having children, even an empty one (creating-content.md).
    hasChildren: isFolder ? true : undefined,
    hasGradebookColumns: hasColumn ? true : undefined,
    launchInNewWindow: item.launchInNewWindow,
    reviewable: item.reviewable,
    ...(viewer.privileged ? { availability: availabilityJson(item) } : {}),
    contentHandler: structuredClone(item.contentHandler),
    links: linksOf(store, course, item),
  };
}

/** The "User Interface View" link Learn adds to every item, and a download link for files. */
function availabilityJson(item: StoredContent): NonNullable<ContentJson['availability']> {
  const { available, allowGuests, allowObservers, adaptiveRelease } = item.availability;
  return { available, allowGuests, allowObservers, adaptiveRelease: { start: adaptiveRelease.start, end: adaptiveRelease.end } };
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
