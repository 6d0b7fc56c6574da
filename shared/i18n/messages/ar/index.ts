import type { Catalogue } from '../en';
import announcements from './announcements';
import journal from './journal';
import language from './language';
import sites from './sites';

export const ar: Catalogue = { ...announcements, ...journal, ...language, ...sites };
