import type { EventName, EventOf } from '../../../shared/ipc/contract';
import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import type { RequestBudgets } from '../http/request-budgets';
import type { Handlers } from '../ipc/dispatcher';
import type { SignInService } from './sign-in-service';

/**
 * `learn.budget`: the current site's request budget as last seen (no request is made for it), and
 * the `learn.budget` event whenever it changes (request-budgets.ts paces it: at most about once a
 * second, at once when the site's gate closes or opens). Only the current site's budget is told:
 * a push still finishing for a site just left does not speak over the one on screen.
 */
export function budgetHandlers(deps: {
  budgets: RequestBudgets | undefined;
  signIn: SignInService;
  emit: <E extends EventName>(event: E, payload: EventOf<E>) => void;
}): Pick<Handlers, 'learn.budget'> {
  const { budgets, signIn } = deps;
  budgets?.onChange((origin, budget) => {
    if (origin === signIn.siteOrigin()) deps.emit('learn.budget', budget);
  });
  return { 'learn.budget': () => Promise.resolve(currentBudget(budgets, signIn) ?? null) };
}

/** The budget of the site signed in to, or undefined before any answer from it (or with no site). */
export function currentBudget(budgets: RequestBudgets | undefined, signIn: SignInService): RequestBudget | undefined {
  const origin = signIn.siteOrigin();
  return (origin && budgets?.snapshot(origin)) || undefined;
}
