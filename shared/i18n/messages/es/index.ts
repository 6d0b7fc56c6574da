import type { Catalogue } from '../en';
import accessibility from './accessibility';
import announcements from './announcements';
import calendar from './calendar';
import content from './content';
import exportWords from './exports';
import frame from './frame';
import language from './language';
import scan from './scan';
import settings from './settings';
import sites from './sites';
import sync from './sync';
import today from './today';
import report from './report';
import imports from './imports';
import ui from './ui';

export const es: Catalogue = { ...accessibility, ...announcements, ...calendar, ...content, ...exportWords, ...frame, ...language, ...scan, ...settings, ...sites, ...sync, ...today, ...report, ...imports, ...ui };
