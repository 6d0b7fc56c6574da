import type { Catalogue } from '../en';
import announcements from './announcements';
import language from './language';

export const nl: Catalogue = { ...announcements, ...language };
