import accessibility from './accessibility';
import announcements from './announcements';
import calendar from './calendar';
import content from './content';
import contentItem from './content-item';
import exportWords from './exports';
import frame from './frame';
import help from './help';
import host from './host';
import hostnotes from './hostnotes';
import imports from './imports';
import journal from './journal';
import language from './language';
import meetings from './meetings';
import release from './release';
import report from './report';
import rollcall from './rollcall';
import scan from './scan';
import settings from './settings';
import sitecheck from './sitecheck';
import sites from './sites';
import sync from './sync';
import today from './today';
import ui from './ui';

/** Every English message, by area: the source every other language translates. */
export const en = { ...accessibility, ...announcements, ...calendar, ...content, ...contentItem, ...exportWords, ...frame, ...help, ...host, ...hostnotes, ...imports, ...journal, ...language, ...meetings, ...release, ...report, ...rollcall, ...scan, ...settings, ...sitecheck, ...sites, ...sync, ...today, ...ui };
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
