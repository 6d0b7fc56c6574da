import type { StudentKey } from './mapping';
import { lastFirst, type SheetStudent } from './sheet';

/**
 * Finding a student by what the file holds. Each key is compared the way people write it: user
 * names, emails and external keys ignore case, names also ignore accents' composed/decomposed
 * forms and extra spaces. A value shared by two students (two "Nguyen, Anh") is ambiguous and
 * reported as such, never resolved by picking one.
 */
export type StudentMatch = { kind: 'found'; student: SheetStudent } | { kind: 'unknown' } | { kind: 'ambiguous'; count: number } | { kind: 'blank' };

function normal(key: StudentKey, value: string): string {
  const v = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (key === 'userId' || key === 'studentId') return v;
  if (key === 'name') return v.toLocaleLowerCase().replace(/\s*,\s*/, ', ');
  return v.toLocaleLowerCase();
}

function valueOf(key: StudentKey, s: SheetStudent): string | undefined {
  switch (key) {
    case 'name':
      return lastFirst(s);
    default:
      return s[key];
  }
}

export class StudentIndex {
  readonly #byValue = new Map<string, SheetStudent[]>();

  constructor(
    students: readonly SheetStudent[],
    readonly key: StudentKey,
  ) {
    for (const s of students) {
      const v = valueOf(key, s);
      if (!v) continue;
      const k = normal(key, v);
      const list = this.#byValue.get(k);
      if (list) list.push(s);
      else this.#byValue.set(k, [s]);
    }
  }

  /** Whether the roster has this kind of value at all (e.g. no emails stored). */
  get empty(): boolean {
    return this.#byValue.size === 0;
  }

  find(value: string): StudentMatch {
    if (value.trim() === '') return { kind: 'blank' };
    const list = this.#byValue.get(normal(this.key, value));
    if (!list) return { kind: 'unknown' };
    if (list.length > 1) return { kind: 'ambiguous', count: list.length };
    return { kind: 'found', student: list[0]! };
  }
}
