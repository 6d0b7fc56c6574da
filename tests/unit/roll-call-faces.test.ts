import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../shared/domain/initials';
import { seat } from '../../shared/domain/seating-order';

/** The roll call's initials (a student without a photo) and its seating orders. */
describe('initials', () => {
  it('takes the first letter of the given and the family name, as capitals', () => {
    expect(initialsOf({ givenName: 'Ana', familyName: 'Ng' })).toBe('AN');
    expect(initialsOf({ givenName: 'ömer', familyName: 'çelik' })).toBe('ÖÇ');
    expect(initialsOf({ givenName: 'Siobhán', familyName: "O'Brien" })).toBe('SO');
    expect(initialsOf({ givenName: 'Ana', familyName: '' })).toBe('A');
  });

  it("uses the user's language for capitals: Turkish dotted i", () => {
    expect(initialsOf({ givenName: 'ismail', familyName: 'yılmaz' }, 'tr')).toBe('İY');
    expect(initialsOf({ givenName: 'ismail', familyName: 'yılmaz' }, 'en')).toBe('IY');
  });

  it('keeps a letter whole with its combining accent, and skips leading marks', () => {
    // "É" written as E + combining acute: one letter, shown as one.
    expect(initialsOf({ givenName: 'E\u0301lodie', familyName: '(Lee)' })).toBe('ÉL');
    expect(initialsOf({ givenName: '  ', familyName: '', userName: 'jdoe' })).toBe('J');
  });

  it('shows one character for a name in a script without capitals', () => {
    expect(initialsOf({ givenName: '小明', familyName: '王' })).toBe('王');
    expect(initialsOf({ givenName: '민준', familyName: '김' })).toBe('김');
  });
});

const people = [
  { userId: 'u1', givenName: 'Wei', familyName: 'Zhang' },
  { userId: 'u2', givenName: 'Ana', familyName: 'Álvarez' },
  { userId: 'u3', givenName: 'Finn', familyName: 'Bauer' },
  { userId: 'u4', givenName: 'Mai', familyName: 'Müller' },
  { userId: 'u5', givenName: 'Tomás', familyName: 'de la Cruz' },
];
const ids = (list: readonly { userId: string }[]): string[] => list.map((p) => p.userId);

describe('seating order', () => {
  it('by name: last name in the language, Álvarez before Zhang', () => {
    expect(ids(seat(people, 'name', { locale: 'en' }))).toEqual(['u2', 'u3', 'u5', 'u4', 'u1']);
  });

  it('by last status: absent first, then late, excused, present, and those with none, by name within', () => {
    const previous = new Map([
      ['u1', 'Absent'],
      ['u3', 'Present'],
      ['u4', 'Absent'],
      ['u5', 'Late'],
    ] as const);
    expect(ids(seat(people, 'last-status', { previous, locale: 'en' }))).toEqual(['u4', 'u1', 'u5', 'u3', 'u2']);
  });

  it('random: the same order for one meeting every time, another for another meeting', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ userId: `_${i}_1`, givenName: `G${i}`, familyName: `F${i}` }));
    const first = ids(seat(many, 'random', { seed: 'meeting-1' }));
    expect(ids(seat([...many].reverse(), 'random', { seed: 'meeting-1' }))).toEqual(first);
    expect(ids(seat(many, 'random', { seed: 'meeting-2' }))).not.toEqual(first);
    expect(first).not.toEqual(ids(seat(many, 'name')));
    expect([...first].sort()).toEqual(ids(many).sort());
  });

  it('random: a student added later does not reshuffle the others', () => {
    const before = ids(seat(people.slice(0, 4), 'random', { seed: 'm' }));
    const after = ids(seat(people, 'random', { seed: 'm' })).filter((id) => id !== 'u5');
    expect(after).toEqual(before);
  });
});
