import type { Catalogue } from '../en';
import accessibility from './accessibility';
import announcements from './announcements';
import language from './language';
import sites from './sites';

export const de: Catalogue = { ...accessibility, ...announcements, ...language, ...sites };
