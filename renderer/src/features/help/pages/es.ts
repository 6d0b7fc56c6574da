import type { HelpPage } from '../help-page';

/** Las páginas de ayuda en español (traducidas de en.ts, que nombra el código de cada página). Un nombre entre «» es el que muestra la pantalla. */
const pages: readonly HelpPage[] = [
  {
    id: 'offline-roll',
    title: 'Pasar lista sin conexión',
    summary: 'Marque a los estudiantes sin conexión; Rollbook envía las marcas después.',
    sections: [
      {
        steps: [
          'Mientras tenga conexión, abra Rollbook una vez y mire sus cursos: Rollbook guarda en este ordenador sus cursos, reuniones y los estudiantes que ha visto.',
          'En clase, abra la reunión desde Hoy o desde el curso, aunque no haya conexión. La barra de estado indica «Sin conexión».',
          'Marque a cada estudiante. Cada marca se guarda en este ordenador en el momento en que la hace: no se pierde nada si se corta la conexión o se cierra la aplicación.',
          'Cuando vuelva a tener conexión, Rollbook envía las marcas a Learn por sí solo. La barra de estado cuenta hacia atrás hasta «0 cambios pendientes».',
        ],
      },
      {
        heading: 'Mientras pasa lista',
        paragraphs: [
          'Rollbook retiene las marcas de un pase de lista hasta que lo termina o sale de él, para que un estudiante sobre el que cambia de opinión se envíe una sola vez. Bajo la barra de estado se indica cuántas marcas están guardadas en este dispositivo y se enviarán a Learn al terminar; «Enviar ahora» las envía antes.',
        ],
      },
      {
        heading: 'Antes de dejar el ordenador',
        paragraphs: [
          'Las marcas pendientes se quedan en este ordenador, aunque cierre la sesión. No elimine los datos de este ordenador en Configuración mientras haya cambios pendientes: se perderían.',
          'En un navegador web, el navegador puede borrar los datos guardados cuando le queda poco espacio en disco. Configuración muestra si este navegador conserva los datos de Rollbook y puede pedírselo.',
        ],
      },
    ],
  },
  {
    id: 'sync-words',
    title: 'Pendiente, por resolver y no se pudo enviar',
    summary: 'Qué significan las palabras de la barra de estado y qué hacer en cada caso.',
    sections: [
      {
        heading: 'Pendiente',
        paragraphs: [
          '«3 cambios pendientes» significa que tres cosas que hizo están guardadas en este ordenador pero aún no están en Learn. No tiene que hacer nada: Rollbook las envía en cuanto Learn puede recibirlas.',
          'Con conexión, suelen salir en segundos; «Sincronizar ahora» las envía de inmediato. Sin conexión, salen cuando vuelve la conexión. «Learn pidió esperar hasta …» o «Solicitudes agotadas hasta …» significa que Rollbook hace una pausa hasta esa hora, y «Learn no responde» o «Learn tiene un problema» que vuelve a intentarlo por sí solo: la nota bajo la barra de estado dice cuándo.',
        ],
      },
      {
        heading: 'Por resolver (un conflicto)',
        paragraphs: [
          '«1 por resolver» significa que alguien cambió la asistencia del mismo estudiante en Learn después de que este ordenador la leyera por última vez, así que Learn y usted no coinciden. Rollbook nunca elige por usted.',
        ],
        steps: [
          'Lea la lista «Cambiado en Learn desde que pasó lista»: muestra el estudiante, la reunión, su estado y el de Learn.',
          'Elija «Conservar el mío» para enviar su estado a Learn, o «Conservar el de Learn» para descartar su cambio.',
        ],
      },
      {
        heading: 'No se pudo enviar (error)',
        paragraphs: [
          '«1 cambio no se pudo enviar» significa que Learn no aceptó un cambio. La lista bajo la barra de estado nombra al estudiante y la reunión y dice por qué. Su cambio sigue guardado en este ordenador.',
          'Si Learn no respondía o estaba ocupado, Rollbook vuelve a intentarlo por sí solo, esperando un poco más cada vez (hasta media hora). «Reintentar» lo intenta de inmediato.',
          'Si Learn rechazó el cambio en sí (por ejemplo, el estudiante dejó el curso o la reunión se eliminó en Learn), volver a intentarlo no servirá: revise el curso en Learn y vuelva a marcar al estudiante.',
        ],
      },
    ],
  },
  {
    id: 'import',
    title: 'Importar la asistencia desde Learn o Excel',
    summary: 'Traiga a un curso una hoja de cálculo de asistencia, revísela y envíela.',
    sections: [
      {
        paragraphs: [
          'Rollbook lee un archivo guardado desde Excel o Google Sheets como CSV o texto, o el archivo .xls que da la descarga del Centro de calificaciones de Learn. El archivo puede ser una cuadrícula (una fila por estudiante, una columna por reunión) o una lista (una fila por estudiante y reunión).',
        ],
        steps: [
          'Abra el curso y luego «Importar CSV». Elija el archivo.',
          'Compruebe qué columna contiene a los estudiantes y cuáles las reuniones. Las columnas con una fecha como título se emparejan con las reuniones del curso.',
          'Lea la vista previa: muestra lo que cambiará, los estudiantes que no encontró y las reuniones que el curso aún no tiene. Marque las reuniones que quiere crear; las filas de las demás se dejan fuera.',
          'Confirme. La importación se guarda en este ordenador y se envía a Learn con la siguiente sincronización.',
        ],
      },
      {
        heading: 'Si algo no parece correcto',
        paragraphs: [
          '«Deshacer esta importación», bajo «Importaciones anteriores» en la misma pantalla, deshace toda la importación. Los cambios que ya están en Learn recuperan su estado anterior.',
          'Si las letras se ven extrañas, elija otra codificación de texto u otro separador en el paso «Qué significa cada columna» y Rollbook vuelve a leer el archivo.',
          'Sin conexión, la vista previa compara el archivo con la copia de este ordenador, no con Learn; la sincronización le avisa si Learn es distinto.',
        ],
      },
    ],
  },
  {
    id: 'request-budget',
    title: 'Las solicitudes a Learn del sitio para hoy',
    summary: 'Qué significa «quedan unas 7.400 de las 10.000 solicitudes a Learn del sitio».',
    sections: [
      {
        paragraphs: [
          'El sitio de Learn de su institución permite a Rollbook un número fijo de solicitudes al día (a menudo 10.000). Todos los docentes de su institución que usan Rollbook comparten ese número, así que Rollbook pide a Learn lo mínimo posible.',
          'Configuración muestra aproximadamente cuántas quedan y cuándo empieza de nuevo la cuenta. La cifra sale de las propias respuestas de Learn, por eso dice «unas»: otros docentes también la usan.',
        ],
      },
      {
        heading: 'Cuando quedan pocas',
        paragraphs: [
          'Por debajo de un 5 % restante, Rollbook deja de leer en segundo plano y solo envía sus propios cambios y lo que usted abre.',
          'Con 0, Rollbook no envía nada a Learn hasta que la cuenta empieza de nuevo. La barra de estado dice hasta cuándo. Sus marcas y cambios se quedan en este ordenador y salen después de esa hora: no se pierde nada.',
        ],
      },
      {
        heading: 'Importaciones grandes',
        paragraphs: [
          'Antes de una importación grande, la vista previa indica cuántas solicitudes necesitará. Si son más de las que quedan, ofrece enviarla a lo largo de varios días, primero las reuniones más antiguas.',
        ],
      },
    ],
  },
  {
    id: 'photos',
    title: 'Las fotos de los estudiantes y la privacidad',
    summary: 'De dónde vienen las fotos, dónde se guardan y cómo desactivarlas.',
    sections: [
      {
        paragraphs: [
          'Las fotos del pase de lista son las fotos de perfil de Learn de los propios estudiantes. Rollbook las lee de Learn mientras tiene conexión y las guarda en este ordenador, así que el pase de lista las muestra también sin conexión. Una foto solo se vuelve a leer cuando el estudiante la cambia en Learn (en versiones antiguas de Learn, una vez por semana).',
          'Se guardan con sus demás datos de Rollbook para este sitio y este usuario: otra persona que inicie sesión en Rollbook en este ordenador no las ve.',
          'Mientras las fotos están activadas, la lista para imprimir también las muestra: guarde las hojas impresas como guardaría una lista de clase.',
        ],
      },
      {
        heading: 'Desactivar las fotos',
        paragraphs: [
          'Desactive «Mostrar las fotos de los estudiantes» en Configuración, o «Mostrar fotos» en el pase de lista. Los estudiantes se muestran entonces con sus iniciales y Rollbook deja de leer fotos de Learn.',
          'Las fotos que ya están en este ordenador se quedan hasta que elimine los datos de este ordenador en Configuración.',
        ],
      },
    ],
  },
  {
    id: 'sign-out',
    title: 'Cerrar sesión en un ordenador compartido',
    summary: 'Qué conserva el cierre de sesión y cómo no dejar nada atrás.',
    sections: [
      {
        paragraphs: [
          'Al cerrar sesión, Rollbook olvida su inicio de sesión en Learn, así que nadie puede usar Rollbook en su nombre. No borra sus cursos, listas de clase, fotos ni los cambios pendientes: se quedan en este ordenador para su próximo inicio de sesión, cuando se envían los cambios pendientes.',
        ],
      },
      {
        heading: 'En un ordenador que usan otras personas',
        steps: [
          'Compruebe que la barra de estado indica «0 cambios pendientes». Si no, elija «Sincronizar ahora», o «Sincronizar antes» al cerrar sesión.',
          'En Configuración, en «Datos en este dispositivo», elija «Eliminar los datos de este dispositivo» junto a su nombre. Rollbook cierra su sesión y elimina de este ordenador sus cursos, listas de clase y fotos.',
        ],
      },
      {
        paragraphs: ['Eliminar nunca cambia nada en Learn. Los cambios que no se enviaron se pierden, y Configuración dice cuántos antes de que confirme.'],
      },
    ],
  },
];

export default pages;
