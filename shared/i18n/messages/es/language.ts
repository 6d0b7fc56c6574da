import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Idioma',
  'language.label': 'Idioma de Rollbook',
  'language.system': 'Como el sistema: {name}',
  'language.hint': 'Rollbook reinicia su ventana para cambiar de idioma. No se pierde nada de lo registrado.',
} satisfies Translation<typeof en>;
