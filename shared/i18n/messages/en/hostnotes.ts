/**
 * What the host tells a screen about itself, beyond sign-in (host.ts): how it keeps the secrets,
 * Ally not set up and a file's note, why a sign-in is needed, a deployment file it could not use,
 * and a call it refused. Each travels as a key and values beside the English text (HostWords);
 * Learn's or Ally's own words, file names and paths are values.
 */
export default {
  'hostnotes.protection.desktop': "Desktop: the Learn refresh token and application secret are encrypted with your operating system's keychain (Electron safeStorage).",
  'hostnotes.protection.browser':
    'Browser mode: the Learn refresh token and application secret are kept unencrypted in a file only your user account can read. An operating-system keychain (the desktop app) protects them better.',

  'hostnotes.ally.notSetUp':
    'Ally is not set up for this Learn site. Ask your IT team to add the institution’s Ally integration to Rollbook’s deployment file: the Ally API address (allyUrl, for example https://prod.ally.ac), the numerical Ally client id (allyClientId) and that client’s shared secret (allySecret). Rollbook keeps the secret in this computer’s protected store and never shows it again.',
  'hostnotes.ally.fileGone': 'That file is no longer in the course (item {item}, file {file}), or you can no longer see it. Refresh the list.',
  'hostnotes.ally.inPageText':
    'This file is inside the text of a page, and Learn does not let apps read those files, so Rollbook cannot check it. Open the page in Learn to see its accessibility score.',
  'hostnotes.ally.notListed': 'Learn would not list the files of “{title}”: {reason}',
  'hostnotes.ally.notCheckable': 'Ally does not check this type of file.',
  'hostnotes.ally.notCheckedYet': 'Ally has not checked this file yet.',
  'hostnotes.ally.noReportYet': 'Ally has this file but no report for it yet (still checking, or it could not read the file).',
  'hostnotes.ally.checkFailed': 'Ally could not check this file.',
  'hostnotes.ally.checkFailedSaid': 'Ally could not check this file: {said}',
  'hostnotes.ally.formatTooLarge': 'The {format} version of {file} is {size} MB, more than Rollbook passes to its window (50 MB).',

  'hostnotes.signIn.noDemo': 'The demo is not available in this copy of Rollbook.',
  'hostnotes.signIn.siteForgotten': 'Rollbook does not know that site any more. Connect to it again with its address.',

  'hostnotes.vault.noKeyring':
    'Rollbook will not store your Learn sign-in: this Linux desktop has no keyring (GNOME Keyring, KWallet), so it could only be kept as plain text. Install or unlock a keyring, or use Rollbook in browser mode.',
  'hostnotes.vault.locked': "Rollbook will not store your Learn sign-in: your operating system's encryption (keychain) is not available right now. Unlock it and try again.",
  'hostnotes.vault.damaged': "Rollbook's secrets file is damaged ({file}). Delete it and sign in again.",

  'hostnotes.journal.otherAccount': 'These changes belong to an account that is not signed in, so Rollbook did not keep a copy of them.',
  'hostnotes.journal.none': 'This copy of Rollbook keeps no safety copy of waiting changes.',
  'hostnotes.sync.outOfStep': 'Sync went wrong inside Rollbook: nothing was lost, your changes are still waiting. Please try again.',

  'hostnotes.deployment.tooLarge': 'The deployment file {path} is too large to be a deployment file.',
  'hostnotes.deployment.unreadable': 'The deployment file {path} cannot be read ({code}).',
  'hostnotes.deployment.notJson': 'The deployment file {path} is not valid JSON.',
  'hostnotes.deployment.fieldsWrong': 'The deployment file {path} is not usable: {problems}. It needs learnUrl, applicationKey and applicationSecret.',
  'hostnotes.deployment.allyHalf':
    'The deployment file {path} is not usable: {missing}: missing. Ally needs allyClientId and allySecret together; give both, or neither where the institution has no Ally.',
  'hostnotes.deployment.allyUrlAlone': 'The deployment file {path} is not usable: allyUrl is given without allyClientId and allySecret.',
  'hostnotes.deployment.address': 'The deployment file {path}: {problem}',
  'hostnotes.deployment.notUsed': 'The deployment file {path} could not be used ({error}).',
  'hostnotes.deployment.fileWritable':
    "The deployment file {path} is not used: it can be changed by accounts other than administrators ({accounts}), so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.folderWritable':
    "The deployment file {path} is not used: its folder {folder} can be changed by accounts other than administrators ({accounts}), so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.fileOwner':
    "The deployment file {path} is not used: it belongs to another account (user id {owner}), not to an administrator, so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.folderOwner':
    "The deployment file {path} is not used: its folder {folder} belongs to another account (user id {owner}), not to an administrator, so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.fileOthersWrite':
    "The deployment file {path} is not used: it can be changed by other accounts on this computer, so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.folderOthersWrite':
    "The deployment file {path} is not used: its folder {folder} can be changed by other accounts on this computer, so it may not be IT's. It must be writable by administrators only.",
  'hostnotes.deployment.askIT': 'Ask your IT team for a corrected file; until then, connect to your site by typing its address, key and secret.',

  'hostnotes.announcements.adminOnly': 'Only a Learn system administrator may post, change or delete system announcements. Your Learn system role ({roles}) may only read them; ask your Learn administrator if you need to post one.',
  'hostnotes.announcements.adminOnlyNoRole': 'Only a Learn system administrator may post, change or delete system announcements. Your Learn system role (none) may only read them; ask your Learn administrator if you need to post one.',

  'hostnotes.refused.unknownChannel': 'This window asked Rollbook for something it does not do. Reload the window; if it happens again, Rollbook needs an update.',
  'hostnotes.refused.invalidRequest': 'Rollbook could not take what this window sent. Reload the window and try again; if it happens again, report it with the details.',
  'hostnotes.refused.notOpened':
    "This window was not opened from Rollbook's launch link, or Rollbook has restarted since, or the window was left unused for eight hours. Run `npm start` again and open the link it prints.",
  'hostnotes.refused.status': 'The Rollbook host refused the call ({status}).',
} as const;
