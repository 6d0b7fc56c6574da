import announcements from './announcements';
import exportWords from './exports';
import language from './language';
import scan from './scan';
import sites from './sites';

/** Every English message, by area: the source every other language translates. */
export const en = { ...announcements, ...exportWords, ...language, ...scan, ...sites };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
