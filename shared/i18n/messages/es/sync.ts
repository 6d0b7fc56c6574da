import type en from '../en/sync';
import type { Translation } from '../translation';

export default {
  'sync.notSignedIn': 'Rollbook no tiene la sesión iniciada en Learn: inicie sesión y se enviará.',
  'sync.connectionDropped': 'la conexión se cortó antes de que Learn respondiera (Rollbook comprueba lo que tiene Learn antes de volver a enviarlo); se volverá a enviar en la próxima sincronización.',
  'sync.unreachable': 'no se pudo conectar con Learn; se volverá a enviar en la próxima sincronización.',
  'sync.timeout': 'Learn no respondió a tiempo; se volverá a enviar en la próxima sincronización.',
  'sync.stopped': 'la sincronización se detuvo antes de enviarlo; se volverá a enviar en la próxima sincronización.',
  'sync.notUnderstood': 'Learn respondió de una forma que Rollbook no entiende (vea los detalles e infórmenos, por favor).',
  'sync.usedUp': 'Learn no acepta más solicitudes de Rollbook hasta que se renueve el límite del sitio (el límite diario de solicitudes del sitio se ha agotado); se volverá a enviar en la primera sincronización después.',
  'sync.askedToWait': 'Learn pidió a Rollbook que espere antes de enviar más; se volverá a enviar en la primera sincronización después.',
  'sync.slowDown': 'Learn pidió a Rollbook que vaya más despacio; se volverá a enviar en la próxima sincronización.',
  'sync.hadProblem': 'Learn tuvo un problema; se volverá a enviar en la próxima sincronización.',
  'sync.newSignIn': 'Learn pidió volver a iniciar sesión; se volverá a enviar en la próxima sincronización.',
  'sync.roleNotAllowed': 'su rol en Learn no lo permite; pida el permiso al administrador de Learn.',
  'sync.gone': 'Learn ya no lo tiene: puede haberse eliminado o movido en Learn.',
  'sync.changedMeanwhile': 'se cambió en Learn al mismo tiempo; actualice y vuelva a intentarlo.',
  'sync.refusedSaid': 'Learn lo rechazó («{said}»); corríjalo aquí, o consulte al administrador de Learn si le parece correcto.',
  'sync.refused': 'Learn lo rechazó; corríjalo aquí, o consulte al administrador de Learn si le parece correcto.',
  'sync.notSentYet': 'Aún no enviado: la sincronización se detuvo antes de enviar este cambio. Se enviará la próxima vez.',
  'sync.meetingFirst': 'su reunión aún no ha llegado a Learn; se enviará después de ella.',
} satisfies Translation<typeof en>;
