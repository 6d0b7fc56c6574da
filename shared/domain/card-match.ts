/**
 * Which student a scanned card names. A card reader at the door is a keyboard: it types what the
 * card holds and Enter. Magnetic cards wrap it in track sentinels (`;123456?`, `%B...^`); many
 * campus cards print the number with leading zeros the registrar's list leaves out. A card is
 * matched against every id Learn gives a membership's user: the student id, the user name, the
 * external key (batch uid). Case and leading zeros of a numeric id do not matter; anything else
 * must be equal: a wrong guess would mark the wrong person.
 */
export interface CardHolder {
  userId: string;
  userName: string;
  studentId?: string | undefined;
  externalId?: string | undefined;
}

export type CardMatch<S extends CardHolder> = { kind: 'student'; student: S } | { kind: 'unknown'; card: string } | { kind: 'several'; card: string; students: S[] };

/** The card's own text: spaces and a magnetic track's sentinels taken off. Empty when nothing is left. */
export function cardText(typed: string): string {
  return typed
    .trim()
    .replace(/^[;%]/, '')
    .replace(/\?$/, '')
    .trim();
}

/** How an id compares: lower case; a number without its leading zeros. */
function comparable(id: string): string {
  const plain = id.trim().toLowerCase();
  return /^\d+$/.test(plain) ? plain.replace(/^0+(?=\d)/, '') : plain;
}

/** Every student a card could name, from one index built once per roster. */
export function cardIndex<S extends CardHolder>(roster: readonly S[]): (typed: string) => CardMatch<S> {
  const byId = new Map<string, S[]>();
  for (const s of roster) {
    const ids = new Set([s.studentId, s.userName, s.externalId].filter((id): id is string => id !== undefined && id.trim() !== '').map(comparable));
    for (const id of ids) byId.set(id, [...(byId.get(id) ?? []), s]);
  }
  return (typed) => {
    const card = cardText(typed);
    const found = card === '' ? [] : (byId.get(comparable(card)) ?? []);
    const students = [...new Map(found.map((s) => [s.userId, s])).values()];
    if (students.length === 1) return { kind: 'student', student: students[0]! };
    return students.length === 0 ? { kind: 'unknown', card } : { kind: 'several', card, students };
  };
}
