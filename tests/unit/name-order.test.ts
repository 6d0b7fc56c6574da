import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byName, sortByName, type NamedPerson } from '../../shared/domain/name-order';

/**
 * The one name order (roll call, report, exports): a total order, locale-aware, accents filed
 * with their base letter.
 */
const LETTERS = ['a', 'b', 'e', 'o', 'z', 'á', 'é', 'ö', 'ø', 'A', 'Á', 'Z', 'É', ' ', "'", '-'];
const word = fc.array(fc.constantFrom(...LETTERS), { maxLength: 6 }).map((cs) => cs.join(''));
const person = fc.record({ familyName: word, givenName: word, userName: word, userId: fc.constantFrom('_1_1', '_2_1', '_3_1') });
const compare = byName('en');
const sign = (n: number): number => Math.sign(n);
const strip = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');

describe('name order', () => {
  it('files accented last names with their base letter: Álvarez before Bauer and Zhang', () => {
    const people: NamedPerson[] = [
      { familyName: 'Zhang', givenName: 'Wei' },
      { familyName: 'Bauer', givenName: 'Finn' },
      { familyName: 'Álvarez', givenName: 'Ana' },
      { familyName: 'Alvarado', givenName: 'José' },
      { familyName: 'de la Cruz', givenName: 'Tomás' },
      { familyName: 'Müller', givenName: 'Mai' },
      { familyName: 'Murphy', givenName: 'Andrés' },
    ];
    expect(sortByName(people, 'en').map((p) => p.familyName)).toEqual(['Alvarado', 'Álvarez', 'Bauer', 'de la Cruz', 'Müller', 'Murphy', 'Zhang']);
  });

  it("follows the user's language: Swedish files Ö after Z, German with O", () => {
    const people: NamedPerson[] = [{ familyName: 'Östberg', givenName: 'Ann' }, { familyName: 'Zorn', givenName: 'Ann' }, { familyName: 'Olsen', givenName: 'Ann' }];
    expect(sortByName(people, 'de').map((p) => p.familyName)).toEqual(['Olsen', 'Östberg', 'Zorn']);
    expect(sortByName(people, 'sv').map((p) => p.familyName)).toEqual(['Olsen', 'Zorn', 'Östberg']);
  });

  it('orders by given name within a last name, and files someone with a given name only under it', () => {
    const people: NamedPerson[] = [{ familyName: 'Chen', givenName: 'Wei' }, { familyName: '', givenName: 'Bongani' }, { familyName: 'Chen', givenName: 'Amara' }];
    expect(sortByName(people, 'en').map((p) => `${p.familyName}/${p.givenName}`)).toEqual(['/Bongani', 'Chen/Amara', 'Chen/Wei']);
  });

  it('is a total order: antisymmetric, transitive, and equal only for the same name, user name and id', () => {
    fc.assert(
      fc.property(person, person, person, (a, b, c) => {
        // Sums, not negation: -Math.sign(0) is -0, which toBe (Object.is) tells from 0 when a and b are the same person.
        expect(sign(compare(a, b)) + sign(compare(b, a))).toBe(0);
        const same = a.familyName === b.familyName && a.givenName === b.givenName && a.userName === b.userName && a.userId === b.userId;
        expect(compare(a, b) === 0).toBe(same);
        if (compare(a, b) <= 0 && compare(b, c) <= 0) expect(compare(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('sorts the same whatever order the roster arrives in (stable tie-breaks)', () => {
    fc.assert(
      fc.property(
        fc.array(person, { maxLength: 12 }).chain((people) => fc.tuple(fc.constant(people), fc.shuffledSubarray(people, { minLength: people.length, maxLength: people.length }))),
        ([people, shuffled]) => {
          expect(sortByName(shuffled, 'en')).toEqual(sortByName(people, 'en'));
        },
      ),
    );
  });

  it('keeps accents next to their base letter: an accented name compares with others as its plain form does', () => {
    const base = new Intl.Collator('en', { sensitivity: 'base' });
    fc.assert(
      fc.property(word, word, (x, y) => {
        fc.pre(base.compare(strip(x), strip(y)) !== 0);
        const a = { familyName: x, givenName: '' };
        const plain = { familyName: strip(x), givenName: '' };
        const other = { familyName: y, givenName: '' };
        expect(sign(compare(a, other))).toBe(sign(compare(plain, other)));
      }),
      { numRuns: 3000 },
    );
  });
});
