/**
 * The few Help words shown outside the Help screen (the links beside a word, the key that opens
 * Help). Apart from pages.ts on purpose: those screens load at start, and the pages' text belongs
 * to the Help screen's own chunk, loaded later.
 */
export const WHAT_DOES_THIS_MEAN = 'What does this mean?';
