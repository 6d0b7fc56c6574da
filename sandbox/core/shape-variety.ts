import type { Rng } from './rng';

/**
 * The variety of shapes real Learn and Ally answers take, seeded so a failing run can be replayed.
 *
 * Only forms the evidence shows are varied (docs/api-notes/shapes-and-readers.md "Shape variety", each with its
 * source): newer releases add fields older clients do not know (the Swagger's "Since" notes); the
 * documents spell the calendar's day names two ways (seed 000 and the vendor's calendar page
 * `Sunday`, the Swagger `Su`); a field the documents show both `null` and left out (an adaptive
 * release date range's open end) takes either. An empty optional field is otherwise written as the
 * documents show it, not varied: left out (the vendor walkthroughs) or `null` where a document
 * shows `null` (a meeting's `end`). With variety off, answers take one plain form: no unknown
 * fields, the Swagger's spellings, and where a field may be null or left out, left out.
 */

/** Seed 000's day names and the Swagger's short spellings, in the same order (Sunday first). */
export const SHORT_DAY_NAMES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export const LONG_DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * Fields a newer Learn or Ally might add; a tolerant reader passes them by. Names no document
 * uses, so an added field never stands for a real one (Learn's `dataSourceId`, say, which some
 * callers must not see).
 */
const UNKNOWN_FIELDS: readonly [string, unknown][] = [
  ['sandboxFutureField', { addedIn: '3999.1.0' }],
  ['sandboxFutureFlag', null],
  ['sandboxFutureNote', 'added by a newer release'],
];

export class ShapeVariety {
  readonly on: boolean;
  readonly #rng: Rng;

  constructor(on: boolean, rng: Rng) {
    this.on = on;
    this.#rng = rng;
  }

  /**
   * An empty field the documents show both `null` and left out: either, with variety on; left out
   * when off. Not for other fields: those take the one form their evidence shows.
   */
  empty(): null | undefined {
    return this.on && this.#rng.chance(0.5) ? null : undefined;
  }

  /** The day names one answer is spelled in (Sunday first): the short ones, or with variety either set, as one Learn release writes one. */
  dayNames(): readonly string[] {
    return !this.on || this.#rng.chance(0.5) ? SHORT_DAY_NAMES : LONG_DAY_NAMES;
  }

  /**
   * Adds unknown fields to an answer's objects: the top-level object, each item of `results`, and
   * each item of a top-level array. Nested objects are left alone, since some are maps keyed by
   * data (Ally's per-check results) where an extra key would read as data.
   */
  decorate(json: unknown): unknown {
    if (!this.on) return json;
    if (Array.isArray(json)) return json.map((item) => this.#decorateObject(item));
    const top = this.#decorateObject(json);
    if (isObject(top) && Array.isArray(top['results'])) top['results'] = top['results'].map((item) => this.#decorateObject(item));
    return top;
  }

  #decorateObject(value: unknown): unknown {
    if (!isObject(value) || !this.#rng.chance(0.5)) return value;
    const [name, extra] = this.#rng.pick(UNKNOWN_FIELDS);
    return Object.hasOwn(value, name) ? value : { ...value, [name]: extra };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
