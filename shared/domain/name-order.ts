/**
 * The one order of people's names (roll call, report, exports): last name, then given name, in
 * the user's language (Intl.Collator), so "Álvarez" sits with the A's, not after "Zhang".
 *
 * Names that the language counts as the same letters ("Alvarez", "álvarez") group together
 * (sensitivity 'base'); the tie-breaks make the order total and stable: accents and case next,
 * then the user name and user id by code unit, so two people never swap places between renders.
 */
export interface NamedPerson {
  familyName: string;
  givenName: string;
  userName?: string;
  userId?: string;
}

/** A comparator of people by name for `locale` (default: the user's own, from the platform). */
export function byName(locale?: string | readonly string[]): (a: NamedPerson, b: NamedPerson) => number {
  const locales = typeof locale === 'string' ? locale : locale ? [...locale] : undefined;
  const base = new Intl.Collator(locales, { sensitivity: 'base', numeric: true });
  const exact = new Intl.Collator(locales, { sensitivity: 'variant', numeric: true });
  return (a, b) => {
    const [a1, a2] = sortKey(a);
    const [b1, b2] = sortKey(b);
    return (
      base.compare(a1, b1) ||
      base.compare(a2, b2) ||
      exact.compare(a1, b1) ||
      exact.compare(a2, b2) ||
      codeUnits(a1, b1) ||
      codeUnits(a2, b2) ||
      codeUnits(a.userName ?? '', b.userName ?? '') ||
      codeUnits(a.userId ?? '', b.userId ?? '') ||
      codeUnits(a.familyName, b.familyName)
    );
  };
}

/** A copy of `people` in name order. */
export function sortByName<T extends NamedPerson>(people: readonly T[], locale?: string | readonly string[]): T[] {
  return [...people].sort(byName(locale));
}

/** Someone with a given name only is filed under it, as lastFirst() shows them. */
function sortKey(p: NamedPerson): [string, string] {
  return p.familyName ? [p.familyName, p.givenName] : [p.givenName, ''];
}

function codeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
