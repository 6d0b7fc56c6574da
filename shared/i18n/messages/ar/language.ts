import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'اللغة',
  'language.label': 'لغة Rollbook',
  'language.system': 'كما في النظام: {name}',
  'language.hint': 'يعيد Rollbook تشغيل نافذته لتغيير اللغة. لا يضيع شيء مما سجّلته.',
  'language.learnAccount': 'حسابك في Learn باللغة <b>{name}</b>.',
  'language.useLearn': 'استخدام {name}',
} satisfies Translation<typeof en>;
