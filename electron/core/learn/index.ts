/** The typed Learn REST client (learn-client.ts) and the option types of its areas. */
export { LearnClient } from './learn-client';
export type { LearnHttpOptions } from './learn-http';
export type { MeetingListOptions, RecordListOptions } from './attendance';
export type { ContentListOptions, ContentWriteOptions, UploadFile } from './content';
export type { CriterionPatch, CriterionRef, NewCriterion } from './adaptive-release';
export type { CalendarItemListOptions } from './calendar';
export type { CourseListOptions, MembershipListOptions } from './courses';
export type { DeepPartial, FieldName, PageOptions, Read, SortKey } from './paging';
