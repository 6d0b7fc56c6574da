import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Idioma',
  'language.label': 'Idioma de Rollbook',
  'language.system': 'Como el sistema: {name}',
  'language.hint': 'Rollbook reinicia su ventana para cambiar de idioma. No se pierde nada de lo registrado.',
  'language.learnAccount': 'Su cuenta de Learn está en <b>{name}</b>.',
  'language.useLearn': 'Usar {name}',
} satisfies Translation<typeof en>;
