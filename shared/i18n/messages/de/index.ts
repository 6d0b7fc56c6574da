import type { Catalogue } from '../en';
import announcements from './announcements';
import calendar from './calendar';
import language from './language';
import settings from './settings';
import sites from './sites';
import today from './today';

export const de: Catalogue = { ...announcements, ...calendar, ...language, ...settings, ...sites, ...today };
