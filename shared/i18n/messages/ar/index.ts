import type { Catalogue } from '../en';
import announcements from './announcements';
import exportWords from './exports';
import language from './language';
import scan from './scan';
import sites from './sites';

export const ar: Catalogue = { ...announcements, ...exportWords, ...language, ...scan, ...sites };
