/** The safety copy of changes not yet sent to Learn, kept by Rollbook outside the browser's storage. */
export default {
  'journal.recovered':
    'The browser had cleared Rollbook’s data. {count, plural, one {# change not yet sent to Learn was} other {# changes not yet sent to Learn were}} recovered from Rollbook’s safety copy and will be sent at the next sync.',
  'journal.full': 'Rollbook’s safety copy of changes waiting for Learn is full, so your newest changes are kept only in this browser. Sync to send what is waiting.',
};
