/**
 * Why a change was not sent, as the host says it (electron/core/sync/results.ts sends the key and
 * values beside its English text): shown after "… was not sent:", so each starts as that sentence goes on.
 * `{reason}` is another sentence of the host's (a campus network's, a sign-in's, the meeting's own
 * reason), written first in the same language. `{what}` is the label of a change, as the instructor wrote it.
 */
export default {
  'sync.notSignedIn': 'Rollbook is not signed in to Learn: sign in and it will be sent.',
  'sync.connectionDropped': 'the connection dropped before Learn answered (Rollbook checks what Learn has before sending it again); it will be sent again at the next sync.',
  'sync.unreachable': 'Learn could not be reached; it will be sent again at the next sync.',
  'sync.timeout': 'Learn did not answer in time; it will be sent again at the next sync.',
  'sync.stopped': 'the sync stopped before it was sent; it will be sent again at the next sync.',
  'sync.notUnderstood': 'Learn answered in a way Rollbook does not understand (see Details, and please report it).',
  'sync.usedUp': "Learn takes no more requests from Rollbook until the site's limit resets (the site's daily request limit is used up); it will be sent again at the first sync after that.",
  'sync.askedToWait': 'Learn asked Rollbook to wait before sending more; it will be sent again at the first sync after that.',
  'sync.slowDown': 'Learn asked Rollbook to slow down; it will be sent again at the next sync.',
  'sync.hadProblem': 'Learn had a problem; it will be sent again at the next sync.',
  'sync.newSignIn': 'Learn asked for a new sign-in; it will be sent again at the next sync.',
  'sync.roleNotAllowed': 'your Learn role does not allow it; ask your Learn administrator for the permission.',
  'sync.gone': 'Learn no longer has it: it may have been deleted or moved in Learn.',
  'sync.changedMeanwhile': 'it was changed in Learn at the same time; refresh and try again.',
  'sync.refusedSaid': 'Learn refused it ("{said}"); correct it here, or ask your Learn administrator if it looks right.',
  'sync.refused': 'Learn refused it; correct it here, or ask your Learn administrator if it looks right.',
  'sync.notSentYet': 'Not sent yet: sync stopped before this change was sent. It will be sent next time.',
  'sync.meetingFirst': 'its meeting has not reached Learn yet; it will be sent after it.',
  'sync.unexpected': 'something went wrong in Rollbook (see Details, and please report it); it will be sent again at the next sync.',
  'sync.networkProblem': '{reason} It will be sent again at the next sync.',
  'sync.syncStopped': 'Sync was stopped before this change was sent. It will be sent next time.',
  'sync.notSentYetBecause': 'Not sent yet. {reason}',
  'sync.meetingNotCreated': 'its meeting could not be created in Learn: {reason}',
  'sync.waitsFor': 'it waits for “{what}” to reach Learn first; it will be sent after it.',
  'sync.waitsForUnknown': 'it waits for something made on this device that is not among the changes sent to reach Learn first; it will be sent after it.',
  'sync.cannotSendChanges': 'this copy of Rollbook cannot send content changes yet.',
  'sync.noIdGiven': 'Learn did not say the id of what it made. Open the list in Learn to check it is there.',
} as const;
