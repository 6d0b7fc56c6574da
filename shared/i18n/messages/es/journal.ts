import type en from '../en/journal';
import type { Translation } from '../translation';

export default {
  'journal.recovered':
    'El navegador había borrado los datos de Rollbook. Se {count, plural, one {recuperó # cambio que aún no se había enviado} other {recuperaron # cambios que aún no se habían enviado}} a Learn desde la copia de seguridad de Rollbook; se enviarán en la próxima sincronización.',
  'journal.full': 'La copia de seguridad de Rollbook de los cambios pendientes para Learn está llena, así que sus cambios más recientes solo se guardan en este navegador. Sincronice para enviar lo pendiente.',
} satisfies Translation<typeof en>;
