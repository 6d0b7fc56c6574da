import type { Catalogue } from '../en';
import accessibility from './accessibility';
import announcements from './announcements';
import calendar from './calendar';
import content from './content';
import exportWords from './exports';
import frame from './frame';
import journal from './journal';
import language from './language';
import scan from './scan';
import settings from './settings';
import sites from './sites';
import sync from './sync';
import today from './today';
import ui from './ui';

export const es: Catalogue = { ...accessibility, ...announcements, ...calendar, ...content, ...exportWords, ...frame, ...journal, ...language, ...scan, ...settings, ...sites, ...sync, ...today, ...ui };
