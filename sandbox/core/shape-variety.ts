import type { Rng } from './rng';

/**
 * The variety of shapes real Learn and Ally answers take, seeded so a failing run can be replayed.
 *
 * Learn writes an empty optional field sometimes as `null` (Jackson's default, and the Swagger's
 * "will be null" for `createdByUserId`) and sometimes not at all; newer releases add fields older
 * clients do not know; the documents spell some enums two ways (seed 000's `Sunday`, the Swagger's
 * `Su`) and type some ids as string in one place and integer in another. With variety on, the
 * sandbox answers in all of those forms, so every test run exercises the client's tolerance
 * (docs/api-notes.md "Shape variety"). With it off, answers take one plain form: empty optional
 * fields left out, no unknown fields, the Swagger's spellings.
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

  /** An empty optional field as Learn writes it: `null` or left out (undefined drops it from JSON). */
  empty(): null | undefined {
    return this.on && this.#rng.chance(0.5) ? null : undefined;
  }

  /** An optional field's value, or its empty form when it has none. */
  optional<T>(value: T | null | undefined): T | null | undefined {
    return value === undefined || value === null ? this.empty() : value;
  }

  /** An integer id where the documents allow a string too (the Swagger's string `meetingId`). */
  id(value: number): number | string {
    return this.on && this.#rng.chance(0.5) ? String(value) : value;
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
