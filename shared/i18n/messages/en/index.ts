import announcements from './announcements';
import exportWords from './exports';
import frame from './frame';
import language from './language';
import scan from './scan';
import sites from './sites';
import sync from './sync';
import ui from './ui';

/** Every English message, by area: the source every other language translates. */
export const en = { ...announcements, ...exportWords, ...frame, ...language, ...scan, ...sites, ...sync, ...ui };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
