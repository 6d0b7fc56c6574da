import type en from '../en/hostnotes';
import type { Translation } from '../translation';

export default {
  'hostnotes.protection.desktop': 'Desktop: Das Aktualisierungstoken von Learn und das Anwendungsgeheimnis werden mit dem Schlüsselbund Ihres Betriebssystems verschlüsselt (Electron safeStorage).',
  'hostnotes.protection.browser':
    'Browsermodus: Das Aktualisierungstoken von Learn und das Anwendungsgeheimnis liegen unverschlüsselt in einer Datei, die nur Ihr Benutzerkonto lesen kann. Der Schlüsselbund eines Betriebssystems (die Desktop-App) schützt sie besser.',

  'hostnotes.ally.notSetUp':
    'Ally ist für diese Learn-Website nicht eingerichtet. Bitten Sie Ihre IT, die Ally-Integration Ihrer Einrichtung in die Bereitstellungsdatei von Rollbook aufzunehmen: die Adresse der Ally-API (allyUrl, zum Beispiel https://prod.ally.ac), die numerische Ally-Client-ID (allyClientId) und das gemeinsame Geheimnis dieses Clients (allySecret). Rollbook bewahrt das Geheimnis im geschützten Speicher dieses Computers auf und zeigt es nie wieder an.',
  'hostnotes.ally.fileGone': 'Diese Datei ist nicht mehr im Kurs (Element {item}, Datei {file}), oder Sie können sie nicht mehr sehen. Aktualisieren Sie die Liste.',
  'hostnotes.ally.inPageText':
    'Diese Datei steckt im Text einer Seite, und Learn lässt Apps solche Dateien nicht lesen, daher kann Rollbook sie nicht prüfen. Öffnen Sie die Seite in Learn, um ihre Barrierefreiheitsbewertung zu sehen.',
  'hostnotes.ally.notListed': 'Learn wollte die Dateien von „{title}“ nicht auflisten: {reason}',
  'hostnotes.ally.notCheckable': 'Ally prüft diesen Dateityp nicht.',
  'hostnotes.ally.notCheckedYet': 'Ally hat diese Datei noch nicht geprüft.',
  'hostnotes.ally.noReportYet': 'Ally hat diese Datei, aber noch keinen Bericht dazu (die Prüfung läuft noch, oder Ally konnte die Datei nicht lesen).',
  'hostnotes.ally.checkFailed': 'Ally konnte diese Datei nicht prüfen.',
  'hostnotes.ally.checkFailedSaid': 'Ally konnte diese Datei nicht prüfen: {said}',
  'hostnotes.ally.formatTooLarge': 'Die {format}-Version von {file} ist {size} MB groß, mehr als Rollbook an sein Fenster weitergibt (50 MB).',

  'hostnotes.signIn.noDemo': 'Die Demo ist in dieser Rollbook-Kopie nicht verfügbar.',
  'hostnotes.signIn.siteForgotten': 'Rollbook kennt diese Website nicht mehr. Verbinden Sie sich erneut mit ihrer Adresse.',

  'hostnotes.vault.noKeyring': 'Rollbook speichert Ihre Learn-Anmeldung nicht: Dieser Linux-Desktop hat keinen Schlüsselbund (GNOME Keyring, KWallet), sie könnte also nur als Klartext abgelegt werden. Installieren oder entsperren Sie einen Schlüsselbund, oder nutzen Sie Rollbook im Browsermodus.',
  'hostnotes.vault.locked': 'Rollbook speichert Ihre Learn-Anmeldung nicht: Die Verschlüsselung Ihres Betriebssystems (Schlüsselbund) ist gerade nicht verfügbar. Entsperren Sie sie und versuchen Sie es erneut.',
  'hostnotes.vault.damaged': 'Die Geheimnisdatei von Rollbook ist beschädigt ({file}). Löschen Sie sie und melden Sie sich erneut an.',

  'hostnotes.journal.otherAccount': 'Diese Änderungen gehören zu einem Konto, das nicht angemeldet ist, daher hat Rollbook keine Kopie davon behalten.',
  'hostnotes.journal.none': 'Diese Rollbook-Kopie bewahrt keine Sicherungskopie wartender Änderungen auf.',
  'hostnotes.sync.outOfStep': 'Die Synchronisierung ist in Rollbook schiefgegangen: Nichts ging verloren, Ihre Änderungen warten weiter. Bitte versuchen Sie es erneut.',

  'hostnotes.deployment.tooLarge': 'Die Bereitstellungsdatei {path} ist zu groß für eine Bereitstellungsdatei.',
  'hostnotes.deployment.unreadable': 'Die Bereitstellungsdatei {path} kann nicht gelesen werden ({code}).',
  'hostnotes.deployment.notJson': 'Die Bereitstellungsdatei {path} ist kein gültiges JSON.',
  'hostnotes.deployment.fieldsWrong': 'Die Bereitstellungsdatei {path} ist nicht verwendbar: {problems}. Sie braucht learnUrl, applicationKey und applicationSecret.',
  'hostnotes.deployment.allyHalf':
    'Die Bereitstellungsdatei {path} ist nicht verwendbar: {missing} fehlt. Ally braucht allyClientId und allySecret zusammen; geben Sie beide an oder keines, wenn die Einrichtung kein Ally hat.',
  'hostnotes.deployment.allyUrlAlone': 'Die Bereitstellungsdatei {path} ist nicht verwendbar: allyUrl ist ohne allyClientId und allySecret angegeben.',
  'hostnotes.deployment.address': 'Bereitstellungsdatei {path}: {problem}',
  'hostnotes.deployment.notUsed': 'Die Bereitstellungsdatei {path} konnte nicht verwendet werden ({error}).',
  'hostnotes.deployment.fileWritable':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Andere Konten als Administratoren können sie ändern ({accounts}), sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.folderWritable':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Andere Konten als Administratoren können ihren Ordner {folder} ändern ({accounts}), sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.fileOwner':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Sie gehört einem anderen Konto (Benutzer-ID {owner}), nicht einem Administrator, sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.folderOwner':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Ihr Ordner {folder} gehört einem anderen Konto (Benutzer-ID {owner}), nicht einem Administrator, sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.fileOthersWrite':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Andere Konten auf diesem Computer können sie ändern, sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.folderOthersWrite':
    'Die Bereitstellungsdatei {path} wird nicht verwendet: Andere Konten auf diesem Computer können ihren Ordner {folder} ändern, sie stammt also womöglich nicht von der IT. Nur Administratoren dürfen sie ändern können.',
  'hostnotes.deployment.askIT': 'Bitten Sie Ihre IT um eine korrigierte Datei; bis dahin verbinden Sie sich mit Ihrer Website, indem Sie Adresse, Schlüssel und Geheimnis eingeben.',

  'hostnotes.announcements.adminOnly': 'Nur eine Systemadministration von Learn kann Systemankündigungen veröffentlichen, ändern oder löschen. Ihre Systemrolle in Learn ({roles}) erlaubt nur, sie zu lesen; wenden Sie sich an Ihre Learn-Administration, wenn Sie eine veröffentlichen müssen.',
  'hostnotes.announcements.adminOnlyNoRole': 'Nur eine Systemadministration von Learn kann Systemankündigungen veröffentlichen, ändern oder löschen. Ihr Learn-Konto hat keine Systemrolle und kann sie nur lesen; wenden Sie sich an Ihre Learn-Administration, wenn Sie eine veröffentlichen müssen.',

  'hostnotes.refused.unknownChannel': 'Dieses Fenster hat Rollbook um etwas gebeten, das es nicht tut. Laden Sie das Fenster neu; passiert es wieder, braucht Rollbook ein Update.',
  'hostnotes.refused.invalidRequest': 'Rollbook konnte nicht annehmen, was dieses Fenster gesendet hat. Laden Sie das Fenster neu und versuchen Sie es erneut; passiert es wieder, melden Sie es mit den Details.',
  'hostnotes.refused.notOpened':
    'Dieses Fenster wurde nicht über den Startlink von Rollbook geöffnet, oder Rollbook wurde seitdem neu gestartet, oder das Fenster war acht Stunden unbenutzt. Führen Sie `npm start` erneut aus und öffnen Sie den Link, den es ausgibt.',
  'hostnotes.refused.status': 'Der Rollbook-Host hat den Aufruf abgelehnt ({status}).',
} satisfies Translation<typeof en>;
