/**
 * The few Help words shown outside the Help screen (the links beside a word, the key that opens
 * Help). Apart from pages.ts on purpose: those screens load at start, and the pages' text belongs
 * to the Help screen's own chunk, loaded later.
 */
export const WHAT_DOES_THIS_MEAN = 'What does this mean?';
/** Beside a task rather than a word (the import screen). */
export const HOW_DOES_THIS_WORK = 'How does this work?';
/** In the sign-out dialog. */
export const ON_A_SHARED_COMPUTER = 'Signing out on a computer others use';
