import accessibility from './accessibility';
import announcements from './announcements';
import content from './content';
import language from './language';
import sites from './sites';

/** Every English message, by area: the source every other language translates. */
export const en = { ...accessibility, ...announcements, ...content, ...language, ...sites };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
