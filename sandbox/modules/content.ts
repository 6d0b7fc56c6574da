import type { SandboxContext, SandboxModule } from '../core/context';
import { DEMO_FILES } from '../demo/files';
import { DEMO_COURSES } from './institution';
import { contentStore, type StoredContent } from './content/store';
import { DemoTree } from './content/demo-builder';
import { buildLectureContent } from './content/demo-lecture';
import { buildBiologyContent, buildChemistryContent, buildChildCourseContent, buildOrganizationContent, buildSeminarContent } from './content/demo-courses';
import { installContentReadRoutes } from './content/read-routes';
import { installContentCreateRoutes } from './content/create-routes';
import { installAssignmentRoutes } from './content/assignment';
import { installUploadRoutes } from './content/uploads';
import { installAttachmentRoutes } from './content/attachments';

/**
 * Course content: the tree (Get Contents, Get Content, Get Content Children), Create Content,
 * Create Child, Create Assignment, the uploads they take files from, and file attachments with their bytes. The adaptive-release module reads this
 * module's store (items and grade columns) through `contentStore(ctx)`.
 */

/** Each demo course's tree; each returns its folders by title, for the demo files. */
const BUILDERS: Record<keyof typeof DEMO_COURSES, (tree: DemoTree) => Map<string, StoredContent>> = {
  lecture: buildLectureContent,
  seminar: buildSeminarContent,
  ultra: buildBiologyContent,
  ultraChild: buildChildCourseContent,
  classic: buildChemistryContent,
  organization: buildOrganizationContent,
};

/**
 * Loads the demo content of every demo course, then puts each demo file (sandbox/demo/files.ts)
 * in its folder as a resource/x-bb-file item, or in the body of an Ultra document that links it.
 * The Ally module knows the same files by name.
 */
export function seedContentDemo(ctx: SandboxContext): void {
  const store = contentStore(ctx);
  const rng = ctx.rng.fork('content');
  for (const key of Object.keys(BUILDERS) as (keyof typeof DEMO_COURSES)[]) {
    const course = ctx.directory.course(`courseId:${DEMO_COURSES[key]}`);
    const tree = new DemoTree(store, course, rng);
    const folders = BUILDERS[key](tree);
    for (const file of DEMO_FILES.filter((f) => f.course === key)) {
      const folder = folders.get(file.folder);
      if (!folder) throw new Error(`Demo file '${file.name}' names folder '${file.folder}', which ${course.courseId} does not have`);
      if (file.inDocument === undefined) tree.file(folder, file);
      else tree.linkInBody(store.childrenOf(store.childKey(course, folder)).find((i) => i.title === file.inDocument), file);
    }
  }
}

export const contentModule: SandboxModule = {
  name: 'content',
  install(ctx, router) {
    contentStore(ctx);
    if (ctx.settings.demoData) seedContentDemo(ctx);
    installContentReadRoutes(ctx, router);
    installContentCreateRoutes(ctx, router);
    installAssignmentRoutes(ctx, router);
    installUploadRoutes(ctx, router);
    installAttachmentRoutes(ctx, router);
  },
};
