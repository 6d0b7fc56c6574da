import announcements from './announcements';
import calendar from './calendar';
import language from './language';
import settings from './settings';
import sites from './sites';
import today from './today';

/** Every English message, by area: the source every other language translates. */
export const en = { ...announcements, ...calendar, ...language, ...settings, ...sites, ...today };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
