import type { Catalogue } from '../en';
import accessibility from './accessibility';
import announcements from './announcements';
import content from './content';
import language from './language';
import sites from './sites';

export const es: Catalogue = { ...accessibility, ...announcements, ...content, ...language, ...sites };
