import type { Catalogue } from '../en';
import accessibility from './accessibility';
import announcements from './announcements';
import calendar from './calendar';
import content from './content';
import contentItem from './content-item';
import exportWords from './exports';
import frame from './frame';
import language from './language';
import release from './release';
import rollcall from './rollcall';
import scan from './scan';
import settings from './settings';
import sites from './sites';
import sync from './sync';
import today from './today';
import ui from './ui';

export const nl: Catalogue = { ...accessibility, ...announcements, ...calendar, ...content, ...contentItem, ...exportWords, ...frame, ...language, ...release, ...rollcall, ...scan, ...settings, ...sites, ...sync, ...today, ...ui };
