import type { HelpPage } from '../help-page';

/** Die Hilfeseiten auf Deutsch (übersetzt aus en.ts, das den Code jeder Seite nennt). Ein Name in „“ ist der, den der Bildschirm zeigt. */
const pages: readonly HelpPage[] = [
  {
    id: 'offline-roll',
    title: 'Anwesenheit offline erfassen',
    summary: 'Teilnehmer ohne Verbindung erfassen; Rollbook sendet die Einträge später.',
    sections: [
      {
        steps: [
          'Öffnen Sie Rollbook einmal, solange Sie online sind, und sehen Sie sich Ihre Kurse an: Rollbook behält Ihre Kurse, Termine und die Teilnehmer, die Sie gesehen haben, auf diesem Computer.',
          'Öffnen Sie im Unterricht den Termin unter Heute oder im Kurs, auch ohne Verbindung. Die Statusleiste zeigt „Offline“.',
          'Erfassen Sie jede Person. Jeder Eintrag wird sofort auf diesem Computer gespeichert: Nichts geht verloren, wenn die Verbindung abbricht oder die App schließt.',
          'Sobald Sie wieder online sind, sendet Rollbook die Einträge von selbst an Learn. Die Statusleiste zählt herunter bis „0 Änderungen warten“.',
        ],
      },
      {
        heading: 'Während Sie die Anwesenheit erfassen',
        paragraphs: [
          'Rollbook hält die Einträge einer Anwesenheitserfassung zurück, bis Sie sie abschließen oder verlassen, damit eine Person, bei der Sie es sich anders überlegen, nur einmal gesendet wird. Unter der Statusleiste steht, wie viele Einträge auf diesem Gerät gespeichert sind und beim Abschließen an Learn gehen; „Jetzt senden“ sendet sie früher.',
        ],
      },
      {
        heading: 'Bevor Sie den Computer verlassen',
        paragraphs: [
          'Noch wartende Einträge bleiben auf diesem Computer, auch wenn Sie sich abmelden. Entfernen Sie die Daten dieses Computers in den Einstellungen nicht, solange Änderungen warten: Sie gingen verloren.',
          'In einem Webbrowser kann der Browser gespeicherte Daten löschen, wenn der Speicherplatz knapp wird. Die Einstellungen zeigen, ob dieser Browser die Daten von Rollbook behält, und können ihn darum bitten.',
        ],
      },
    ],
  },
  {
    id: 'sync-words',
    title: 'Wartend, zu klären und nicht gesendet',
    summary: 'Was die Wörter in der Statusleiste bedeuten und was jeweils zu tun ist.',
    sections: [
      {
        heading: 'Wartend',
        paragraphs: [
          '„3 Änderungen warten“ heißt: Drei Dinge, die Sie getan haben, sind auf diesem Computer gespeichert, aber noch nicht in Learn. Sie müssen nichts tun: Rollbook sendet sie, sobald Learn sie annehmen kann.',
          'Online gehen sie meist innerhalb von Sekunden; „Jetzt synchronisieren“ sendet sie sofort. Offline gehen sie, sobald die Verbindung zurück ist. „Learn bittet zu warten bis …“ oder „Anfragen aufgebraucht bis …“ heißt, dass Rollbook bis zu dieser Zeit pausiert, und „Learn antwortet nicht“ oder „Learn hat ein Problem“, dass es es von selbst erneut versucht: Der Hinweis unter der Statusleiste sagt, wann.',
        ],
      },
      {
        heading: 'Zu klären (ein Konflikt)',
        paragraphs: [
          '„1 zu klären“ heißt: Jemand hat die Anwesenheit derselben Person in Learn geändert, nachdem dieser Computer sie zuletzt gelesen hat, also sind Learn und Sie uneins. Rollbook entscheidet nie für Sie.',
        ],
        steps: [
          'Lesen Sie die Liste „In Learn geändert, seit Sie die Anwesenheit erfasst haben“: Sie zeigt die Person, den Termin, Ihren Status und den von Learn.',
          'Wählen Sie „Meinen behalten“, um Ihren Status an Learn zu senden, oder „Den aus Learn behalten“, um Ihre Änderung zu verwerfen.',
        ],
      },
      {
        heading: 'Nicht gesendet (fehlgeschlagen)',
        paragraphs: [
          '„1 Änderung konnte nicht gesendet werden“ heißt, dass Learn eine Änderung nicht angenommen hat. Die Liste unter der Statusleiste nennt die Person und den Termin und sagt, warum. Ihre Änderung bleibt auf diesem Computer gespeichert.',
          'Hat Learn nicht geantwortet oder war es ausgelastet, versucht Rollbook es von selbst erneut und wartet jedes Mal etwas länger (bis zu einer halben Stunde). „Erneut versuchen“ versucht es sofort.',
          'Hat Learn die Änderung selbst abgelehnt (zum Beispiel hat die Person den Kurs verlassen oder der Termin wurde in Learn gelöscht), hilft ein neuer Versuch nicht: Prüfen Sie den Kurs in Learn und erfassen Sie die Person dann erneut.',
        ],
      },
    ],
  },
  {
    id: 'import',
    title: 'Anwesenheit aus Learn oder Excel importieren',
    summary: 'Eine Anwesenheitstabelle in einen Kurs holen, prüfen und dann senden.',
    sections: [
      {
        paragraphs: [
          'Rollbook liest eine aus Excel oder Google Sheets als CSV oder Text gespeicherte Datei oder die .xls-Datei, die der Download aus dem Notencenter von Learn liefert. Die Datei kann ein Raster sein (eine Zeile pro Person, eine Spalte pro Termin) oder eine Liste (eine Zeile pro Person und Termin).',
        ],
        steps: [
          'Öffnen Sie den Kurs und dann „CSV importieren“. Wählen Sie die Datei.',
          'Prüfen Sie, welche Spalte die Teilnehmer enthält und welche die Termine. Spalten mit einem Datum als Titel werden den Terminen des Kurses zugeordnet.',
          'Lesen Sie die Vorschau: Sie zeigt, was sich ändert, welche Teilnehmer nicht gefunden wurden und welche Termine der Kurs noch nicht hat. Haken Sie die Termine an, die angelegt werden sollen; Zeilen der anderen bleiben außen vor.',
          'Bestätigen Sie. Der Import wird auf diesem Computer gespeichert und mit der nächsten Synchronisierung an Learn gesendet.',
        ],
      },
      {
        heading: 'Wenn etwas falsch aussieht',
        paragraphs: [
          '„Diesen Import rückgängig machen“ unter „Frühere Importe“ auf demselben Bildschirm nimmt den ganzen Import zurück. Änderungen, die schon in Learn sind, erhalten ihren früheren Status zurück.',
          'Sehen die Buchstaben verstümmelt aus, wählen Sie im Schritt „Welche Spalte was bedeutet“ eine andere Textkodierung oder ein anderes Trennzeichen, und Rollbook liest die Datei erneut.',
          'Offline vergleicht die Vorschau die Datei mit der Kopie auf diesem Computer, nicht mit Learn; die Synchronisierung sagt Ihnen, wenn Learn abweicht.',
        ],
      },
    ],
  },
  {
    id: 'request-budget',
    title: 'Die Learn-Anfragen der Website für heute',
    summary: 'Was „etwa 7.400 der 10.000 Learn-Anfragen der Website sind übrig“ bedeutet.',
    sections: [
      {
        paragraphs: [
          'Die Learn-Website Ihrer Einrichtung erlaubt Rollbook eine feste Zahl von Anfragen pro Tag (oft 10.000). Alle Lehrenden Ihrer Einrichtung, die Rollbook nutzen, teilen sich diese Zahl, daher fragt Rollbook so wenig wie möglich bei Learn an.',
          'Die Einstellungen zeigen ungefähr, wie viele übrig sind und wann die Zählung neu beginnt. Die Zahl stammt aus den Antworten von Learn selbst, deshalb „etwa“: Andere Lehrende nutzen sie auch.',
        ],
      },
      {
        heading: 'Wenn nur noch wenige übrig sind',
        paragraphs: [
          'Unter etwa 5 % Rest liest Rollbook nichts mehr im Hintergrund und sendet nur Ihre eigenen Änderungen und das, was Sie öffnen.',
          'Bei 0 sendet Rollbook nichts an Learn, bis die Zählung neu beginnt. Die Statusleiste sagt, bis wann. Ihre Einträge und Änderungen bleiben auf diesem Computer und gehen nach dieser Zeit: Nichts geht verloren.',
        ],
      },
      {
        heading: 'Große Importe',
        paragraphs: [
          'Vor einem großen Import sagt die Vorschau, wie viele Anfragen er braucht. Sind das mehr als übrig, bietet sie an, ihn über mehrere Tage zu senden, die ältesten Termine zuerst.',
        ],
      },
    ],
  },
  {
    id: 'photos',
    title: 'Fotos der Teilnehmer und Datenschutz',
    summary: 'Woher die Fotos kommen, wo sie gespeichert sind und wie Sie sie ausschalten.',
    sections: [
      {
        paragraphs: [
          'Die Fotos in der Anwesenheitserfassung sind die eigenen Learn-Profilbilder der Teilnehmer. Rollbook liest sie aus Learn, solange Sie online sind, und behält sie auf diesem Computer, sodass die Anwesenheitserfassung sie auch offline zeigt. Ein Foto wird nur neu gelesen, wenn die Person es in Learn ändert (bei älteren Learn-Versionen einmal pro Woche).',
          'Sie werden mit Ihren übrigen Rollbook-Daten für diese Website und diese Person gespeichert: Wer sich auf diesem Computer anders bei Rollbook anmeldet, sieht sie nicht.',
          'Solange Fotos eingeschaltet sind, zeigt auch die Anwesenheitsliste zum Drucken sie: Bewahren Sie gedruckte Listen wie eine Teilnehmerliste auf.',
        ],
      },
      {
        heading: 'Fotos ausschalten',
        paragraphs: [
          'Schalten Sie „Fotos der Teilnehmer zeigen“ in den Einstellungen aus oder „Fotos zeigen“ in der Anwesenheitserfassung. Die Teilnehmer werden dann mit ihren Initialen gezeigt, und Rollbook liest keine Fotos mehr aus Learn.',
          'Fotos, die schon auf diesem Computer sind, bleiben, bis Sie die Daten dieses Computers in den Einstellungen entfernen.',
        ],
      },
    ],
  },
  {
    id: 'sign-out',
    title: 'Abmelden an einem gemeinsam genutzten Computer',
    summary: 'Was beim Abmelden bleibt und wie Sie nichts zurücklassen.',
    sections: [
      {
        paragraphs: [
          'Beim Abmelden vergisst Rollbook Ihre Learn-Anmeldung, sodass niemand Rollbook als Sie nutzen kann. Ihre Kurse, Teilnehmerlisten, Fotos und wartenden Änderungen werden nicht gelöscht: Sie bleiben für Ihre nächste Anmeldung auf diesem Computer, und dann werden die wartenden Änderungen gesendet.',
        ],
      },
      {
        heading: 'An einem Computer, den andere nutzen',
        steps: [
          'Achten Sie darauf, dass die Statusleiste „0 Änderungen warten“ zeigt. Wenn nicht, wählen Sie „Jetzt synchronisieren“ oder beim Abmelden „Erst synchronisieren“.',
          'Wählen Sie in den Einstellungen unter „Daten auf diesem Gerät“ neben Ihrem Namen „Daten dieses Geräts für … entfernen“. Rollbook meldet Sie ab und entfernt Ihre Kurse, Teilnehmerlisten und Fotos von diesem Computer.',
        ],
      },
      {
        paragraphs: ['Das Entfernen ändert nie etwas in Learn. Nicht gesendete Änderungen gehen verloren, und die Einstellungen sagen vorher, wie viele es sind, bevor Sie bestätigen.'],
      },
    ],
  },
];

export default pages;
