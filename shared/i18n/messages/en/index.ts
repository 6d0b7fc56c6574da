import announcements from './announcements';
import frame from './frame';
import ui from './ui';
import sync from './sync';
import language from './language';
import sites from './sites';

/** Every English message, by area: the source every other language translates. */
export const en = { ...announcements, ...language, ...sites, ...frame, ...ui, ...sync };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
