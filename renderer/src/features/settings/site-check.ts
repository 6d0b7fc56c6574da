import type { Permission } from '../../../../shared/ipc/content-channels';
import type { FeatureCheck, FeatureState, SiteCheck, SiteFeature } from '../../../../shared/ipc/site-check-channels';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import { hostSentence } from '../../ui/host-words';
import { t } from '../../ui/i18n';

/**
 * The site check as the screens use it: one feature's verdict as a Permission (the shape the
 * content screen's per-operation rights already use, permissions.ts), so a screen turns a feature
 * off with the check's own words.
 */

/**
 * Whether the feature may be used in a course where the user holds `courseRoleId` (omit for
 * features that are not per course), or undefined when there is no check to go by. A service the
 * site switched off is off everywhere; a refusal for the role holds only where the user has the
 * role it was checked with.
 */
export function featurePermission(check: SiteCheck | undefined, feature: SiteFeature, courseRoleId?: string): Permission | undefined {
  const found = check?.features.find((f) => f.feature === feature);
  if (!check || !found) return undefined;
  if (found.state === 'not-enabled') return { allowed: false, reason: featureReason(found) ?? t('settings.featureNotEnabled', { feature: featureName(found) }) };
  if (found.state !== 'not-allowed') return { allowed: true };
  const sameRole = courseRoleId === undefined || check.course === undefined || check.course.roleId === courseRoleId;
  return sameRole ? { allowed: false, reason: featureReason(found) ?? t('settings.roleNotAllowed') } : { allowed: true };
}

/** The feature's name in the instructor's language ("Meetings and roll call"). */
export const featureName = (found: FeatureCheck): string => t(`sitecheck.name.${found.feature}`);

/** Why the feature is not available, in the instructor's language (the host's English for a key this renderer does not know). */
export const featureReason = (found: FeatureCheck): string | undefined => (found.reason === undefined ? undefined : hostSentence(found.words, found.reason));

/** Course roles the catalogue names (`meetings.courses.role`); another is shown as the host named it. */
const NAMED_ROLES = new Set(['Instructor', 'TeachingAssistant', 'CourseBuilder', 'Grader']);

/** The role the course-level probes ran with, in the instructor's language. */
export function checkedRole(course: NonNullable<SiteCheck['course']>): string {
  return NAMED_ROLES.has(course.roleId) ? t('meetings.courses.role', { role: course.roleId }) : course.role;
}

const STATE_WORDS: Record<FeatureState, MessageKey> = {
  available: 'settings.stateAvailable',
  'not-allowed': 'settings.stateNotAllowed',
  'not-enabled': 'settings.stateNotEnabled',
  'not-configured': 'settings.stateNotConfigured',
  unknown: 'settings.stateUnknown',
};

/** A verdict in one or two words, for the settings panel's list. */
export const stateWords = (state: FeatureState): string => t(STATE_WORDS[state]);
