import type en from '../en/help';
import type { Translation } from '../translation';

export default {
  'help.title': 'Ayuda',
  'help.intro': 'Respuestas breves para pasar lista con Rollbook. Todo lo que hay aquí funciona sin conexión.',
  'help.pagesLabel': 'Páginas de ayuda',
  'help.backToList': 'Todas las páginas de ayuda',
  'help.back': 'Volver',
  'help.loading': 'Abriendo la ayuda…',
  'help.notLoaded': 'No se pudo abrir la ayuda: sus páginas no se cargaron. Inténtelo de nuevo cuando tenga conexión.',
  'help.whatDoesThisMean': '¿Qué significa esto?',
  'help.howDoesThisWork': '¿Cómo funciona?',
  'help.onASharedComputer': 'Cerrar sesión en un ordenador que usan otras personas',
} satisfies Translation<typeof en>;
