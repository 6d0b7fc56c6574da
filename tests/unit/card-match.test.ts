import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardIndex, cardText } from '../../shared/domain/card-match';

const ROSTER = [
  { userId: '_101_1', userName: 'mokafor', studentId: '00012345', externalId: 'EXT-9' },
  { userId: '_102_1', userName: 'jmuller', studentId: '55501' },
  { userId: '_103_1', userName: '77777' },
  { userId: '_104_1', userName: 'twin1', studentId: '42' },
  { userId: '_105_1', userName: 'twin2', externalId: '0042' },
];

describe('a card at the door', () => {
  const find = cardIndex(ROSTER);

  it('names the student by student id, user name or external key, whatever the case or the leading zeros', () => {
    expect(find('12345')).toMatchObject({ kind: 'student', student: { userId: '_101_1' } });
    expect(find('00012345')).toMatchObject({ kind: 'student', student: { userId: '_101_1' } });
    expect(find('MOKAFOR')).toMatchObject({ kind: 'student', student: { userId: '_101_1' } });
    expect(find('ext-9')).toMatchObject({ kind: 'student', student: { userId: '_101_1' } });
    expect(find('  55501 \n')).toMatchObject({ kind: 'student', student: { userId: '_102_1' } });
    expect(find('077777')).toMatchObject({ kind: 'student', student: { userId: '_103_1' } });
  });

  it('reads a magnetic card through its track sentinels', () => {
    expect(cardText(';0012345?')).toBe('0012345');
    expect(find(';55501?')).toMatchObject({ kind: 'student', student: { userId: '_102_1' } });
  });

  it('says an unknown card is unknown, and a card two students share is not guessed', () => {
    expect(find('99999')).toEqual({ kind: 'unknown', card: '99999' });
    expect(find('')).toEqual({ kind: 'unknown', card: '' });
    expect(find('42')).toMatchObject({ kind: 'several', students: [{ userId: '_104_1' }, { userId: '_105_1' }] });
    // Not a prefix, not a part: "1234" is nobody's.
    expect(find('1234')).toMatchObject({ kind: 'unknown' });
  });

  it('never names a student whose ids do not match the card (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,10}$/), (typed) => {
        const found = find(typed);
        if (found.kind !== 'student') return;
        const norm = (s: string): string => (/^\d+$/.test(s) ? String(BigInt(s)) : s.toLowerCase());
        const ids = [found.student.userName, found.student.studentId, found.student.externalId].filter((x): x is string => x !== undefined).map(norm);
        expect(ids).toContain(norm(typed));
      }),
    );
  });
});
