import type { SandboxModule } from '../core/context';
import { adaptiveReleaseStore } from './adaptive-release/store';
import { seedAdaptiveReleaseDemo } from './adaptive-release/demo';
import { installRuleRoutes } from './adaptive-release/rule-routes';
import { installCriterionRoutes } from './adaptive-release/criterion-routes';
import { installGroupPredicateRoutes } from './adaptive-release/group-routes';
import { installUserPredicateRoutes } from './adaptive-release/user-routes';

/**
 * Adaptive release of course content: rules, their criteria, and the group and user predicates of
 * Memberships criteria. Installed after the content module, whose items and grade columns the
 * rules refer to.
 */
export const adaptiveReleaseModule: SandboxModule = {
  name: 'adaptive-release',
  install(ctx, router) {
    adaptiveReleaseStore(ctx);
    if (ctx.settings.demoData) seedAdaptiveReleaseDemo(ctx);
    installRuleRoutes(ctx, router);
    installCriterionRoutes(ctx, router);
    installGroupPredicateRoutes(ctx, router);
    installUserPredicateRoutes(ctx, router);
  },
};
