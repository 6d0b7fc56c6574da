import type en from '../en/hostnotes';
import type { Translation } from '../translation';

export default {
  'hostnotes.protection.desktop': 'Escritorio: el token de actualización de Learn y el secreto de la aplicación se cifran con el llavero de su sistema operativo (Electron safeStorage).',
  'hostnotes.protection.browser':
    'Modo navegador: el token de actualización de Learn y el secreto de la aplicación se guardan sin cifrar en un archivo que solo su cuenta de usuario puede leer. El llavero de un sistema operativo (la aplicación de escritorio) los protege mejor.',

  'hostnotes.ally.notSetUp':
    'Ally no está configurado para este sitio de Learn. Pida al servicio de informática que añada la integración de Ally de la institución al archivo de despliegue de Rollbook: la dirección de la API de Ally (allyUrl, por ejemplo https://prod.ally.ac), el id. numérico del cliente de Ally (allyClientId) y el secreto compartido de ese cliente (allySecret). Rollbook guarda el secreto en el almacén protegido de este equipo y no vuelve a mostrarlo.',
  'hostnotes.ally.fileGone': 'Ese archivo ya no está en el curso (elemento {item}, archivo {file}), o ya no puede verlo. Actualice la lista.',
  'hostnotes.ally.inPageText':
    'Este archivo está dentro del texto de una página, y Learn no deja que las aplicaciones lean esos archivos, así que Rollbook no puede comprobarlo. Abra la página en Learn para ver su puntuación de accesibilidad.',
  'hostnotes.ally.notListed': 'Learn no quiso listar los archivos de «{title}»: {reason}',
  'hostnotes.ally.notCheckable': 'Ally no comprueba este tipo de archivo.',
  'hostnotes.ally.notCheckedYet': 'Ally aún no ha comprobado este archivo.',
  'hostnotes.ally.noReportYet': 'Ally tiene este archivo, pero aún no tiene su informe (sigue comprobándolo, o no pudo leer el archivo).',
  'hostnotes.ally.checkFailed': 'Ally no pudo comprobar este archivo.',
  'hostnotes.ally.checkFailedSaid': 'Ally no pudo comprobar este archivo: {said}',
  'hostnotes.ally.formatTooLarge': 'La versión {format} de {file} ocupa {size} MB, más de lo que Rollbook pasa a su ventana (50 MB).',

  'hostnotes.signIn.noDemo': 'La demostración no está disponible en esta copia de Rollbook.',
  'hostnotes.signIn.siteForgotten': 'Rollbook ya no conoce ese sitio. Vuelva a conectarse a él con su dirección.',

  'hostnotes.vault.noKeyring': 'Rollbook no guardará su inicio de sesión de Learn: este escritorio Linux no tiene llavero (GNOME Keyring, KWallet), así que solo podría guardarse como texto sin cifrar. Instale o desbloquee un llavero, o use Rollbook en modo navegador.',
  'hostnotes.vault.locked': 'Rollbook no guardará su inicio de sesión de Learn: el cifrado de su sistema operativo (llavero) no está disponible ahora. Desbloquéelo e inténtelo de nuevo.',
  'hostnotes.vault.damaged': 'El archivo de secretos de Rollbook está dañado ({file}). Elimínelo y vuelva a iniciar sesión.',

  'hostnotes.journal.otherAccount': 'Estos cambios pertenecen a una cuenta que no ha iniciado sesión, así que Rollbook no guardó una copia de ellos.',
  'hostnotes.journal.none': 'Esta copia de Rollbook no guarda una copia de seguridad de los cambios pendientes.',
  'hostnotes.sync.outOfStep': 'La sincronización falló dentro de Rollbook: no se perdió nada, sus cambios siguen pendientes. Inténtelo de nuevo.',

  'hostnotes.deployment.tooLarge': 'El archivo de despliegue {path} es demasiado grande para ser un archivo de despliegue.',
  'hostnotes.deployment.unreadable': 'No se puede leer el archivo de despliegue {path} ({code}).',
  'hostnotes.deployment.notJson': 'El archivo de despliegue {path} no es un JSON válido.',
  'hostnotes.deployment.fieldsWrong': 'El archivo de despliegue {path} no se puede usar: {problems}. Necesita learnUrl, applicationKey y applicationSecret.',
  'hostnotes.deployment.allyHalf':
    'El archivo de despliegue {path} no se puede usar: falta {missing}. Ally necesita allyClientId y allySecret juntos; indique los dos, o ninguno si la institución no tiene Ally.',
  'hostnotes.deployment.allyUrlAlone': 'El archivo de despliegue {path} no se puede usar: indica allyUrl sin allyClientId ni allySecret.',
  'hostnotes.deployment.address': 'Archivo de despliegue {path}: {problem}',
  'hostnotes.deployment.notUsed': 'No se pudo usar el archivo de despliegue {path} ({error}).',
  'hostnotes.deployment.fileWritable':
    'El archivo de despliegue {path} no se usa: pueden cambiarlo cuentas que no son de administrador ({accounts}), así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.folderWritable':
    'El archivo de despliegue {path} no se usa: su carpeta {folder} pueden cambiarla cuentas que no son de administrador ({accounts}), así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.fileOwner':
    'El archivo de despliegue {path} no se usa: pertenece a otra cuenta (id. de usuario {owner}), no a un administrador, así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.folderOwner':
    'El archivo de despliegue {path} no se usa: su carpeta {folder} pertenece a otra cuenta (id. de usuario {owner}), no a un administrador, así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.fileOthersWrite':
    'El archivo de despliegue {path} no se usa: pueden cambiarlo otras cuentas de este equipo, así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.folderOthersWrite':
    'El archivo de despliegue {path} no se usa: su carpeta {folder} pueden cambiarla otras cuentas de este equipo, así que quizá no sea del servicio de informática. Solo los administradores deben poder modificarlo.',
  'hostnotes.deployment.askIT': 'Pida al servicio de informática un archivo corregido; mientras tanto, conéctese a su sitio escribiendo su dirección, clave y secreto.',

  'hostnotes.announcements.adminOnly': 'Solo un administrador del sistema de Learn puede publicar, cambiar o eliminar anuncios del sistema. Su rol de sistema en Learn ({roles}) solo permite leerlos; consulte al administrador de Learn si necesita publicar uno.',
  'hostnotes.announcements.adminOnlyNoRole': 'Solo un administrador del sistema de Learn puede publicar, cambiar o eliminar anuncios del sistema. Su cuenta de Learn no tiene rol de sistema, así que solo puede leerlos; consulte al administrador de Learn si necesita publicar uno.',

  'hostnotes.refused.unknownChannel': 'Esta ventana pidió a Rollbook algo que no hace. Vuelva a cargar la ventana; si vuelve a ocurrir, Rollbook necesita una actualización.',
  'hostnotes.refused.invalidRequest': 'Rollbook no pudo aceptar lo que envió esta ventana. Vuelva a cargar la ventana e inténtelo de nuevo; si vuelve a ocurrir, notifíquelo con los detalles.',
  'hostnotes.refused.notOpened':
    'Esta ventana no se abrió desde el enlace de inicio de Rollbook, o Rollbook se ha reiniciado desde entonces, o la ventana estuvo sin usar ocho horas. Vuelva a ejecutar `npm start` y abra el enlace que muestra.',
  'hostnotes.refused.status': 'El host de Rollbook rechazó la llamada ({status}).',
} satisfies Translation<typeof en>;
