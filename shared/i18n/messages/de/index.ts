import type { Catalogue } from '../en';
import announcements from './announcements';
import language from './language';

export const de: Catalogue = { ...announcements, ...language };
