import type { Catalogue } from '../en';
import announcements from './announcements';
import frame from './frame';
import ui from './ui';
import sync from './sync';
import language from './language';
import sites from './sites';

export const ar: Catalogue = { ...announcements, ...language, ...sites, ...frame, ...ui, ...sync };
