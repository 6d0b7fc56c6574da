import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issuesOf, loadSample, readableResponses } from './vendor-samples-readers';

/**
 * "a tolerant client": Learn and Ally write `null` for unset fields or leave them out.
 * For each vendor response sample, null out or drop any subset of the fields its reader calls
 * optional, and the reader still accepts it.
 *
 * "Optional" is read off the reader itself: walking the zod schema along the sample, a field is
 * optional when its schema accepts `undefined` (that is what `optional(...)`, `.optional()` and
 * `.default()` all do). Unknown fields are not in the shape and are left alone; inside a union the
 * walk follows the member that reads the sample (a criterion by its `type`).
 */

type Path = (string | number)[];

/** Cross-field rules that make one of a pair of optional fields required, each with its reason. */
const REQUIRED_TOGETHER: { path: RegExp; why: string }[] = [
  { path: /(^|\.)feedback\.score$/, why: 'AllyFeedback needs the overall score in feedback.score or, as one sample has it, feedback.report.score: the samples carry only the first' },
];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under the wrappers that do not change the value's shape. */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type) && def.innerType) return core(def.innerType);
  if (def.type === 'pipe' && def.in) return core(def.in);
  if (def.type === 'lazy' && def.getter) return core(def.getter());
  return schema;
}

/** Paths of the optional fields present in `value`, walking `schema` alongside it. */
function optionalPaths(schema: z.ZodType, value: unknown, at: Path = []): Path[] {
  const s = core(schema);
  const def = defOf(s);
  if (value === null || value === undefined) return [];
  if (def.type === 'union' && def.options) {
    const member = def.options.find((o) => o.safeParse(value).success);
    return member ? optionalPaths(member, value, at) : [];
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) return value.flatMap((v, i) => optionalPaths(def.element!, v, [...at, i]));
  if (def.type === 'record' && def.valueType && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => optionalPaths(def.valueType!, v, [...at, k]));
  }
  if (def.type === 'object' && def.shape && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    return Object.entries(def.shape).flatMap(([key, field]) => {
      if (!(key in record)) return [];
      const here = [...at, key];
      const inner = optionalPaths(field, record[key], here);
      return field.safeParse(undefined).success ? [here, ...inner] : inner;
    });
  }
  return [];
}

/** A copy of `value` with each path set to null or removed; deeper paths first. */
function withEmptied(value: unknown, changes: { path: Path; drop: boolean }[]): unknown {
  const copy = structuredClone(value);
  for (const { path, drop } of [...changes].sort((a, b) => b.path.length - a.path.length)) {
    let parent: unknown = copy;
    for (const step of path.slice(0, -1)) parent = parent == null ? undefined : (parent as Record<string | number, unknown>)[step];
    if (parent == null || typeof parent !== 'object') continue;
    const last = path[path.length - 1]!;
    if (drop) delete (parent as Record<string | number, unknown>)[last];
    else (parent as Record<string | number, unknown>)[last] = null;
  }
  return copy;
}

const dotted = (p: Path): string => p.join('.');

describe('vendor response samples with optional fields null or absent', () => {
  const readable = readableResponses();
  let checkedFields = 0;

  it.each(readable.map((r) => [r.entry.file, r] as const))('%s still parses', (_file, { entry, reader }) => {
    const sample = loadSample(entry.file);
    const paths = optionalPaths(reader, sample).filter((p) => !REQUIRED_TOGETHER.some((r) => r.path.test(dotted(p))));
    checkedFields += paths.length;
    if (paths.length === 0) return; // nothing optional in this sample (e.g. an upload id)
    // Each field alone first, so a failure names the field; then any subset at once.
    for (const path of paths) {
      for (const drop of [true, false]) {
        const parsed = reader.safeParse(withEmptied(sample, [{ path, drop }]));
        expect(parsed.success, parsed.success ? '' : `${dotted(path)} ${drop ? 'absent' : 'null'}: ${issuesOf(parsed.error)}`).toBe(true);
      }
    }
    fc.assert(
      fc.property(fc.subarray(paths), fc.infiniteStream(fc.boolean()), (chosen, drops) => {
        const changes = chosen.map((path) => ({ path, drop: drops.next().value as boolean }));
        const parsed = reader.safeParse(withEmptied(sample, changes));
        if (!parsed.success) throw new Error(`${changes.map((c) => `${dotted(c.path)}=${c.drop ? 'absent' : 'null'}`).join(', ')}: ${issuesOf(parsed.error)}`);
      }),
      { numRuns: 50 },
    );
  });

  it('found optional fields to empty in the samples', () => {
    console.log(`vendor samples property: ${readable.length} response samples, ${checkedFields} optional field occurrences nulled or dropped`);
    expect(checkedFields).toBeGreaterThan(300);
  });
});
