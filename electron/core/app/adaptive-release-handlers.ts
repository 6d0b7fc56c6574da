import type { Criterion } from '../../../shared/api/adaptive-release';
import type { contentChannels } from '../../../shared/ipc/content-channels';
import type { Handlers } from '../ipc/dispatcher';
import type { CriterionPatch, NewCriterion } from '../learn/adaptive-release';
import type { LearnClient } from '../learn/learn-client';

type AdaptiveReleaseChannel = Extract<keyof typeof contentChannels, `adaptiveRelease.${string}`>;

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * The `adaptiveRelease.*` channels: an item's rules with their criteria, rule and criterion writes,
 * and a Memberships criterion's groups and users, replaced in one call each (Set ... List).
 */
export function adaptiveReleaseHandlers(learn: () => LearnClient): Pick<Handlers, AdaptiveReleaseChannel> {
  const ar = () => learn().adaptiveRelease;
  return {
    'adaptiveRelease.rules': async ({ courseId, contentId }) => {
      const rules = await all(ar().listRules(courseId, contentId));
      const withCriteria = await Promise.all(
        rules.map(async (rule) => ({ id: rule.id, title: rule.title ?? '', criteria: await all<Criterion>(ar().listCriteria(courseId, contentId, rule.id)) })),
      );
      return { rules: withCriteria };
    },

    'adaptiveRelease.createRule': async ({ courseId, contentId, title }) => {
      const rule = await ar().createRule(courseId, contentId, title);
      return { id: rule.id, title: rule.title ?? title, criteria: [] };
    },

    'adaptiveRelease.renameRule': async ({ courseId, contentId, ruleId, title }) => {
      const rule = await ar().updateRule(courseId, contentId, ruleId, { title });
      return { id: rule.id, title: rule.title ?? title };
    },

    'adaptiveRelease.deleteRule': async ({ courseId, contentId, ruleId }) => {
      await ar().deleteRule(courseId, contentId, ruleId);
      return {};
    },

    'adaptiveRelease.createCriterion': async ({ courseId, contentId, ruleId, criterion }) => ({
      criterion: await ar().createCriterion(courseId, contentId, ruleId, criterion satisfies NewCriterion),
    }),

    'adaptiveRelease.updateCriterion': async ({ change, ...ref }) => ({ criterion: await ar().updateCriterion(ref, change satisfies CriterionPatch) }),

    'adaptiveRelease.deleteCriterion': async (ref) => {
      await ar().deleteCriterion(ref);
      return {};
    },

    'adaptiveRelease.members': async (ref) => {
      const [groups, users] = await Promise.all([all(ar().listGroupPredicates(ref)), all(ar().listUserPredicates(ref))]);
      return { groupIds: groups.map((g) => g.groupId), userIds: users.map((u) => u.userId) };
    },

    'adaptiveRelease.setGroups': async ({ groupIds, ...ref }) => ({ groupIds: (await ar().setGroupPredicates(ref, groupIds)).map((g) => g.groupId) }),

    'adaptiveRelease.setUsers': async ({ userIds, ...ref }) => ({ userIds: (await ar().setUserPredicates(ref, userIds)).map((u) => u.userId) }),
  };
}
