import { describe, expect, it } from 'vitest';
import { Rng } from '../../sandbox/core/rng';
import { LONG_DAY_NAMES, SHORT_DAY_NAMES, ShapeVariety } from '../../sandbox/core/shape-variety';

// The sandbox answers in the forms real Learn uses (docs/api-notes/shapes-and-readers.md "Shape variety"). These
// prove the variety really varies (a client that breaks on one form meets it in a run), that it
// replays from its seed, and that the plain form is exactly one shape.
const variety = (on: boolean, seed = 7): ShapeVariety => new ShapeVariety(on, new Rng(seed));
const draws = <T>(n: number, draw: () => T): T[] => Array.from({ length: n }, draw);

describe('shape variety', () => {
  it('writes a field the documents show both null and left out in both forms, never anything else', () => {
    const v = variety(true);
    const seen = new Set(draws(200, () => v.empty()));
    expect(seen).toEqual(new Set([null, undefined]));
  });

  it('spells each day both ways, Sunday first, one spelling per answer', () => {
    const v = variety(true);
    const spellings = draws(60, () => v.dayNames());
    for (let day = 0; day < 7; day++) {
      expect(new Set(spellings.map((names) => names[day]))).toEqual(new Set([SHORT_DAY_NAMES[day], LONG_DAY_NAMES[day]]));
    }
    expect(spellings.every((names) => names === SHORT_DAY_NAMES || names === LONG_DAY_NAMES)).toBe(true);
  });

  it('adds unknown fields to the answer, its results and a top-level list, but not to nested objects', () => {
    const v = variety(true);
    const answers = draws(40, () => v.decorate({ results: [{ id: 'a', checks: { alt: 1 } }], paging: { nextPage: 'x' } }) as Record<string, unknown>);
    const keys = (o: object): string[] => Object.keys(o).sort();
    expect(answers.some((a) => keys(a).length > 2)).toBe(true);
    const items = answers.map((a) => (a['results'] as Record<string, unknown>[])[0] as Record<string, unknown>);
    expect(items.some((i) => keys(i).length > 2)).toBe(true);
    expect(items.every((i) => i['id'] === 'a' && JSON.stringify(i['checks']) === '{"alt":1}')).toBe(true);
    expect(answers.every((a) => JSON.stringify(a['paging']) === '{"nextPage":"x"}')).toBe(true);
    const lists = draws(40, () => v.decorate([{ hash: 'h' }]) as Record<string, unknown>[]);
    expect(lists.some((l) => keys(l[0] as object).length > 1)).toBe(true);
  });

  it('replays the same shapes from the same seed', () => {
    const run = (): unknown[] => {
      const v = variety(true, 42);
      return draws(30, () => [v.empty(), v.dayNames()[2], v.decorate({ a: 1 })]);
    };
    expect(run()).toEqual(run());
  });

  it('is one plain shape when off: absent, short names, nothing added', () => {
    const v = variety(false);
    expect(new Set(draws(50, () => v.empty()))).toEqual(new Set([undefined]));
    expect(new Set(draws(50, () => v.dayNames()))).toEqual(new Set([SHORT_DAY_NAMES]));
    const answer = { results: [{ id: 'a' }] };
    expect(v.decorate(answer)).toBe(answer);
  });
});
