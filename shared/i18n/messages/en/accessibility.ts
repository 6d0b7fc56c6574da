/** The Accessibility screens: the Ally overview, the week ahead, alternative formats (ICU MessageFormat). */
export default {
  'accessibility.weekHeading': 'The week ahead',
  'accessibility.weekOpening': 'This week (to {end}): {count, plural, one {# file opens} other {# files open}}',
  'accessibility.weekLow': ', {count} below {score}',
  'accessibility.weekUnscored': ', {count} without an Ally score yet',
  'accessibility.noScoreYet': 'No Ally score yet',
  'accessibility.noScore': 'no score',
} as const;
