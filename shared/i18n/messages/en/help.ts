/** The Help screen's own words and the links to it from other screens; the pages are in renderer/src/features/help/pages/ (ICU MessageFormat). */
export default {
  'help.title': 'Help',
  'help.intro': 'Short answers for taking roll with Rollbook. Everything here works without a connection.',
  'help.pagesLabel': 'Help pages',
  'help.backToList': 'All help pages',
  'help.back': 'Back',
  'help.loading': 'Opening Help…',
  'help.notLoaded': 'Help could not be opened: its pages did not load. Try again once connected.',
  'help.whatDoesThisMean': 'What does this mean?',
  'help.howDoesThisWork': 'How does this work?',
  'help.onASharedComputer': 'Signing out on a computer others use',
} as const;
