import type { Catalogue } from '../en';
import announcements from './announcements';
import language from './language';
import sites from './sites';
import today from './today';

export const de: Catalogue = { ...announcements, ...language, ...sites, ...today };
