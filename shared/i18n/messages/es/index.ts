import type { Catalogue } from '../en';
import announcements from './announcements';
import language from './language';
import sites from './sites';

export const es: Catalogue = { ...announcements, ...language, ...sites };
