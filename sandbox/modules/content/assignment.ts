import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import { authed, entitlements } from '../../core/context';
import { created, objectBody } from '../../core/http';
import { applyFields } from '../../core/paging';
import { requireAll } from '../../core/entitlements';
import { badRequest } from '../../core/errors';
import { contentStore, type GradeColumn, type StoredAvailability, type StoredContent } from './store';
import { uploadStore } from './uploads';
import { placeNewItem } from './placement';
import { requireRoom, textBytes } from './storage-quota';
import { guardChildCourse, optionalBoolean, optionalDateTime, optionalObject, optionalString, readCommonFields } from './validation';
import type { CreateAssignmentJson } from './wire';

/**
 * Create Assignment (seed 000; Swagger `POST /courses/{courseId}/contents/createAssignment`): one
 * call makes the content item, its grade column and the file parts.
 * - Ultra: handler resource/x-bb-asmt-test-link, an assessment whose presentation questions hold
 *   the instructions and then one file each.
 * - Classic: handler resource/x-bb-assignment with the instructions as body, one attachment a file.
 */

const ULTRA_ENTITLEMENTS = ['course.content.CREATE', 'course.assessment.CREATE', 'course.content.assessment.deploy.EXECUTE', 'course.gradebook.MODIFY'];
const CLASSIC_ENTITLEMENTS = ['course.content.CREATE', 'course.gradebook.MODIFY'];

export const ULTRA_MAX_ATTEMPTS = 10;
export const DEFAULT_GRADE_SCHEMA = 'Score';

/**
 * `grading`, with the defaults the Swagger states: one attempt (at most 10 in Ultra), due date
 * from `availability.adaptiveRelease.end` when not given, the Score schema.
 */
function readGrading(body: Record<string, unknown>, ultra: boolean, availability: StoredAvailability): Omit<GradeColumn, 'id' | 'courseId' | 'contentId' | 'name' | 'scorePossible'> {
  const grading = optionalObject(body, 'grading') ?? {};
  const due = optionalDateTime(grading, 'due') ?? availability.adaptiveRelease.end;
  const unlimitedAttempts = optionalBoolean(grading, 'isUnlimitedAttemptsAllowed') ?? false;
  const rawAttempts = grading.attemptsAllowed;
  let attemptsAllowed = 1;
  // Ignored when attempts are unlimited (Swagger), so only checked otherwise.
  if (rawAttempts !== undefined && rawAttempts !== null && !unlimitedAttempts) {
    if (typeof rawAttempts !== 'number' || !Number.isInteger(rawAttempts) || rawAttempts < 1) {
      throw badRequest(`Field 'grading.attemptsAllowed' must be a whole number of at least 1, not ${JSON.stringify(rawAttempts)}`);
    }
    if (ultra && rawAttempts > ULTRA_MAX_ATTEMPTS) {
      throw badRequest(`Field 'grading.attemptsAllowed' is ${rawAttempts}; an Ultra assignment allows at most ${ULTRA_MAX_ATTEMPTS}. Use isUnlimitedAttemptsAllowed for more`);
    }
    attemptsAllowed = rawAttempts;
  }
  const schema = optionalString(grading, 'gradeSchemaId');
  if (schema !== undefined && schema.trim() === '') throw badRequest("Field 'grading.gradeSchemaId' is empty: leave it out for the Score schema");
  return { ...(due ? { due } : {}), attemptsAllowed, unlimitedAttempts, gradeSchemaId: schema ?? DEFAULT_GRADE_SCHEMA };
}

/** `score.possible`: 100 points unless given. */
function readScore(body: Record<string, unknown>): number {
  const score = optionalObject(body, 'score');
  const possible = score?.possible;
  if (possible === undefined || possible === null) return 100;
  if (typeof possible !== 'number' || !Number.isFinite(possible) || possible < 0) {
    throw badRequest(`Field 'score.possible' must be a number of points, 0 or more, not ${JSON.stringify(possible)}`);
  }
  return possible;
}

function readFileUploadIds(body: Record<string, unknown>): string[] {
  const raw = body.fileUploadIds;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || v === '')) {
    throw badRequest("Field 'fileUploadIds' must be a list of upload ids (strings) from POST /learn/api/public/v1/uploads");
  }
  const ids = raw as string[];
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw badRequest(`Field 'fileUploadIds' names upload '${repeated}' twice: each upload is attached once`);
  return ids;
}

export function installAssignmentRoutes(ctx: SandboxContext, router: Router): void {
  const store = contentStore(ctx);
  const uploads = uploadStore(ctx);

  router.post(
    '/learn/api/public/v1/courses/:courseId/contents/createAssignment',
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId as string);
      const ultra = course.ultraStatus === 'Ultra';
      const body = objectBody(req);
      const fileIds = readFileUploadIds(body);
      const instructions = optionalString(body, 'instructions');

      const granted = entitlements(ctx, principal, course.id);
      if (ultra) requireAll(granted, [...ULTRA_ENTITLEMENTS, ...(instructions !== undefined || fileIds.length > 0 ? ['course.assessment.MODIFY'] : [])]);
      else requireAll(granted, [...CLASSIC_ENTITLEMENTS, ...(fileIds.length > 0 ? ['course.content.MODIFY'] : [])]);
      guardChildCourse(req, course, course.parentId ? ctx.directory.courses.get(course.parentId) : undefined);

      const common = readCommonFields(body);
      const grading = readGrading(body, ultra, common.availability);
      const possible = readScore(body);
      const ort = optionalObject(body, 'originalityReportingTool');
      const handlerId = ultra ? 'resource/x-bb-asmt-test-link' : 'resource/x-bb-assignment';
      if (!ultra && common.parentId === undefined) {
        throw badRequest(`Classic course ${course.courseId} keeps assignments inside a content area or folder: send its id as parentId`);
      }
      const placement = placeNewItem(store, course, { ...common, handlerId });
      const files = fileIds.map((id, i) => uploads.usable(id, principal, `fileUploadIds[${i}]`));
      const bytes = textBytes(common.title, instructions, common.description) + files.reduce((sum, f) => sum + f.bytes.length, 0);
      requireRoom(store, course, common.title, bytes);

      const now = ctx.clock.iso();
      const contentId = store.newId();
      const gradeColumnId = store.newId();
      const assessmentId = ultra ? store.newId() : undefined;
      const item: StoredContent = {
        id: contentId,
        courseId: course.id,
        ...(placement.parentId ? { parentId: placement.parentId } : {}),
        title: common.title,
        // Classic shows the instructions as the item's body; Ultra keeps them in the assessment.
        ...(!ultra && instructions !== undefined ? { body: instructions } : {}),
        ...(common.description !== undefined ? { description: common.description } : {}),
        created: now,
        modified: now,
        launchInNewWindow: false,
        reviewable: false,
        availability: common.availability,
        contentHandler: ultra
          ? { id: handlerId, assessmentId, gradeColumnId, ...(ort ? { originalityReportingTool: structuredClone(ort) } : {}) }
          : { id: handlerId, gradeColumnId, groupContent: false },
        storedBytes: bytes,
      };
      store.insert(item, placement.position);
      store.gradeColumns.set(gradeColumnId, { id: gradeColumnId, courseId: course.id, contentId, name: common.title, scorePossible: possible, ...grading });

      const result: CreateAssignmentJson = { contentId, gradeColumnId, questionIds: [], attachmentIds: [] };
      if (ultra && assessmentId) {
        const questions = [
          ...(instructions !== undefined ? [{ id: store.newId(), type: 'Presentation' as const, text: instructions }] : []),
          ...files.map((f) => ({ id: store.newId(), type: 'Presentation' as const, text: f.fileName, uploadId: f.id })),
        ];
        store.assessments.set(assessmentId, { id: assessmentId, courseId: course.id, contentId, questions });
        result.assessmentId = assessmentId;
        result.questionIds = questions.map((q) => q.id);
      } else {
        for (const f of files) {
          const attachmentId = store.newId();
          store.attachments.set(attachmentId, { id: attachmentId, contentId, fileName: f.fileName, mimeType: f.mimeType, size: f.bytes.length, uploadId: f.id });
          result.attachmentIds.push(attachmentId);
        }
      }
      for (const f of files) f.usedBy = contentId;
      ctx.log.debug('assignment created', { courseId: course.id, contentId, files: files.length });
      return created(applyFields(result, req));
    }),
  );
}
