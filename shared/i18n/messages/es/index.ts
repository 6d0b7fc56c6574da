import type { Catalogue } from '../en';
import announcements from './announcements';
import exportWords from './exports';
import frame from './frame';
import language from './language';
import scan from './scan';
import sites from './sites';
import sync from './sync';
import ui from './ui';

export const es: Catalogue = { ...announcements, ...exportWords, ...frame, ...language, ...scan, ...sites, ...sync, ...ui };
