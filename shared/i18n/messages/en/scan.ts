/** The roll call's card reader at the door. */
export default {
  'scan.open': 'Scan cards',
  'scan.close': 'Stop scanning',
  'scan.heading': 'Scan cards at the door',
  'scan.field': 'Card',
  'scan.hint': 'Keep the cursor here and swipe or tap each card: the reader types its number and Enter. A student id, user name or external key works.',
  'scan.status': '{status, select, Present {Present} Absent {Absent} Late {Late} Excused {Excused} other {{status}}}',
  'scan.markAs': 'Mark as',
  'scan.sound': 'Sound',
  'scan.marked': '{name}: {status}',
  'scan.already': '{name} is already {status}: nothing changed',
  'scan.unknown': 'No student in this course has the card {card}',
  'scan.several': 'The card {card} matches {count} students; mark them in the list',
  'scan.empty': 'The reader sent nothing: scan the card again',
  'scan.unknownHeading': '{count, plural, one {# card} other {# cards}} not known, to check later',
  'scan.unknownAt': '{card} at {time}',
} as const;
