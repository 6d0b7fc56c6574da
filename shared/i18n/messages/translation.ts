/**
 * A language's version of an area's English messages: every key, and no other (the compiler
 * checks both; tests/unit/i18n-catalogues.test.ts checks that placeholders match).
 */
export type Translation<English> = { readonly [K in keyof English]: string };
