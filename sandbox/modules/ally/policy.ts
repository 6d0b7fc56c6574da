import { allyError } from './ally-http';

/**
 * JWT policies (auth.md, "Policies"): statements granting actions on resources. Names are
 * colon-separated parts; `*` stands for exactly one part (`content:*` matches `content:getStatus`
 * but not `content:getDetails:withFeedback`; that needs `content:*:*`). Resources are matched
 * exactly; actions ignore case, because auth.md itself writes both `withFormats` and `WithFormats`.
 * A statement may name its list `actions` or, as one auth.md example does, `action`.
 */
export type AllyAction =
  | 'content:upload'
  | 'content:getStatus'
  | 'content:getDetails'
  | 'content:getDetails:withFeedback'
  | 'content:getDetails:withFormats'
  | 'content:getFormat';

export interface PolicyStatement {
  resource: string;
  actions: string[];
}

/** The statements, or null when the policy is malformed. */
export function readPolicy(value: unknown): PolicyStatement[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const statements = (value as { statements?: unknown }).statements;
  if (!Array.isArray(statements) || statements.length === 0) return null;
  const out: PolicyStatement[] = [];
  for (const s of statements) {
    if (typeof s !== 'object' || s === null) return null;
    const { resource, actions, action } = s as { resource?: unknown; actions?: unknown; action?: unknown };
    const list: unknown = actions ?? action;
    if (typeof resource !== 'string' || !Array.isArray(list)) return null;
    const names = list.filter((a): a is string => typeof a === 'string');
    if (names.length !== list.length) return null;
    out.push({ resource, actions: names });
  }
  return out;
}

function matches(pattern: string, value: string, ignoreCase: boolean): boolean {
  const p = pattern.split(':');
  const v = value.split(':');
  if (p.length !== v.length) return false;
  return p.every((part, i) => part === '*' || (ignoreCase ? part.toLowerCase() === v[i]?.toLowerCase() : part === v[i]));
}

export function allows(policy: readonly PolicyStatement[] | undefined, action: AllyAction, hash: string): boolean {
  if (!policy) return true;
  const resource = `content:${hash}`;
  return policy.some((s) => matches(s.resource, resource, false) && s.actions.some((a) => matches(a, action, true)));
}

/** 403 naming the action and the resource when the token's policy does not grant it. */
export function requireAllowed(policy: readonly PolicyStatement[] | undefined, action: AllyAction, hash: string): void {
  if (!allows(policy, action, hash)) {
    throw allyError(403, `This token's policy does not allow ${action} on content:${hash}; sign a token whose policy grants it.`);
  }
}
