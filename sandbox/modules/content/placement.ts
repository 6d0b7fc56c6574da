import type { SandboxCourse } from '../../core/directory';
import { SandboxError, badRequest } from '../../core/errors';
import type { ContentStore } from './store';

/**
 * Where a new item goes (seed "Create Content"): below `parentId` when given, which must be a
 * folder of the same course; else at the top: under ROOT in an Ultra course, at the top level
 * of a Classic course, where only folders may stand.
 */

export interface Placement {
  /** Parent id, absent for a Classic top-level folder. */
  parentId?: string;
  /** Key of the sibling list (parent id, or the Classic top-level key). */
  key: string;
  position?: number;
}

/** The top level of a Classic course, where only folders may be created (seed 000, Create Content). */
function topLevel(course: SandboxCourse, request: { handlerId: string; title: string }): Placement {
  if (request.handlerId !== 'resource/x-bb-folder') {
    throw badRequest(
      `In Classic course ${course.courseId} only folders may be created at the top level; '${request.title}' is a ${request.handlerId}. Send the parentId of a content area or folder`,
    );
  }
  return { key: `top:${course.id}` };
}

export function placeNewItem(
  store: ContentStore,
  course: SandboxCourse,
  request: { parentId?: string; position?: number; handlerId: string; title: string },
): Placement {
  let placement: Placement;
  if (request.parentId !== undefined) {
    let parent;
    try {
      parent = store.resolve(course, request.parentId);
    } catch (error) {
      // A body field naming nothing is a bad request, not a missing resource.
      if (error instanceof SandboxError && error.status === 404) {
        throw badRequest(`Field 'parentId' names '${request.parentId}', which is not content of course ${course.courseId}: use the id of one of its folders`);
      }
      throw error;
    }
    if (parent.contentHandler.id !== 'resource/x-bb-folder') {
      throw badRequest(`Field 'parentId' names ${parent.id} ('${parent.title}'), a ${parent.contentHandler.id}: new content can only go inside a folder`);
    }
    placement = { parentId: parent.id, key: parent.id };
    // A Classic ROOT is the course's top level, whose items have no parent (seed: "absent for top-level content").
    if (parent.system === 'root' && course.ultraStatus !== 'Ultra') placement = topLevel(course, request);
  } else if (course.ultraStatus === 'Ultra') {
    const root = store.systemFolder(course, 'root');
    placement = { parentId: root.id, key: root.id };
  } else {
    placement = topLevel(course, request);
  }
  if (request.position !== undefined) {
    const count = store.siblingCount(placement.key);
    if (request.position > count) {
      throw badRequest(`Field 'position' is ${request.position}, but the folder holds ${count} item(s): use 0 to ${count}, or leave it out to add at the end`);
    }
    placement.position = request.position;
  }
  return placement;
}
