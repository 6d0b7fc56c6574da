import type en from '../en/journal';
import type { Translation } from '../translation';

export default {
  'journal.recovered':
    'Le navigateur avait effacé les données de Rollbook. {count, plural, one {# modification pas encore envoyée à Learn a été récupérée} other {# modifications pas encore envoyées à Learn ont été récupérées}} depuis la copie de sécurité de Rollbook ; elles seront envoyées à la prochaine synchronisation.',
  'journal.full': 'La copie de sécurité de Rollbook des modifications en attente pour Learn est pleine : vos modifications les plus récentes ne sont gardées que dans ce navigateur. Synchronisez pour envoyer ce qui attend.',
} satisfies Translation<typeof en>;
