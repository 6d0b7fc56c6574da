import { z } from 'zod';

/**
 * Walks the client's zod readers (shared/api) to find their enum fields: the open ones (made with
 * `openEnum`, which marks them with `openEnum` metadata) and any closed `z.enum` left inside an
 * answer's object. Writers (strict objects: what Rollbook sends) are not entered.
 */
/** A property name, or '*' for every element of an array. */
export type PathStep = string;
export interface EnumField {
  path: PathStep[];
  known: readonly string[];
  open: boolean;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function enumFields(schema: z.ZodType, path: PathStep[] = [], depth = 0): EnumField[] {
  // Deep enough for every answer; a lazy (recursive) schema stops here.
  if (depth > 40) return [];
  const meta = z.globalRegistry.get(schema) as { openEnum?: readonly string[] } | undefined;
  if (meta?.openEnum) return [{ path, known: meta.openEnum, open: true }];
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined, p = path): EnumField[] => (s ? enumFields(s, p, depth + 1) : []);
  switch (def.type) {
    case 'object':
      // A strict object is a request body: written exactly, not read.
      if (def.catchall && defOf(def.catchall).type === 'never') return [];
      return Object.entries(def.shape ?? {}).flatMap(([key, s]) => inner(s, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'array':
      return inner(def.element, [...path, '*']);
    case 'union':
      return (def.options ?? []).flatMap((o) => inner(o));
    case 'lazy':
      return inner(def.getter?.());
    case 'enum':
      return [{ path, known: Object.values(def.entries ?? {}), open: false }];
    default:
      return [];
  }
}

/** Sets `value` at `path` in a copy of `sample` ('*' = every element); undefined when the path is not in the sample. */
export function withValueAt(sample: unknown, path: readonly PathStep[], value: string): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (step === '*') {
    if (!Array.isArray(sample) || sample.length === 0) return undefined;
    const items = sample.map((item) => withValueAt(item, rest, value));
    return items.includes(undefined) ? undefined : items;
  }
  if (typeof sample !== 'object' || sample === null || !(step! in sample)) return undefined;
  const next = withValueAt((sample as Record<string, unknown>)[step!], rest, value);
  return next === undefined ? undefined : { ...sample, [step!]: next };
}

/** Every value at `path` in `parsed`. */
export function valuesAt(parsed: unknown, path: readonly PathStep[]): unknown[] {
  if (path.length === 0) return [parsed];
  const [step, ...rest] = path;
  if (step === '*') return Array.isArray(parsed) ? parsed.flatMap((item) => valuesAt(item, rest)) : [];
  if (typeof parsed !== 'object' || parsed === null) return [];
  return valuesAt((parsed as Record<string, unknown>)[step!], rest);
}
