/** The language choice in Settings. */
export default {
  'language.heading': 'Language',
  'language.label': 'Language of Rollbook',
  'language.system': 'As the system: {name}',
  'language.hint': 'Rollbook restarts its window to change language. Nothing you recorded is lost.',
  'language.learnAccount': 'Your Learn account is in <b>{name}</b>.',
  'language.useLearn': 'Use {name}',
} as const;
