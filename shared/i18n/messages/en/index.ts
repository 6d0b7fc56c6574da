import announcements from './announcements';
import journal from './journal';
import language from './language';
import sites from './sites';

/** Every English message, by area: the source every other language translates. */
export const en = { ...announcements, ...journal, ...language, ...sites };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
