import { describe, expect, it } from 'vitest';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { ApiError, type ApiErrorInit } from '../../electron/core/http/api-error';
import { asPart, hostWords } from '../../electron/core/host-words';
import { failureOf, ResultBook } from '../../electron/core/sync/results';
import { writeHostWords } from '../../shared/i18n/host-sentence';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { OpResult } from '../../shared/domain/outbox';
import { hostSentence } from '../../renderer/src/ui/host-words';

/** Why a change was not sent travels as a catalogue key beside the host's English: the same sentence, in any language. */
const learn = (init: Partial<ApiErrorInit>): ApiError =>
  new ApiError({ kind: 'http', method: 'PUT', url: 'https://learn.example.edu/learn/api/public/v1/courses/_1_1/meetings/7/users/_2_1', operation: 'mark a student', message: 'Learn answered.', ...init });

const failures = [
  new SignInRequiredError(),
  learn({ kind: 'network', outcomeUnknown: true }),
  learn({ kind: 'network' }),
  learn({ kind: 'timeout' }),
  learn({ kind: 'aborted' }),
  learn({ kind: 'invalid-response' }),
  learn({ status: 429, rateLimit: 'used-up' }),
  learn({ status: 429, retryAt: Date.now() + 60 * 60_000 }),
  learn({ status: 429 }),
  learn({ status: 503 }),
  learn({ status: 401 }),
  learn({ status: 403 }),
  learn({ status: 404 }),
  learn({ status: 409 }),
  learn({ status: 400, body: { format: 'learn', body: { status: 400, message: 'Meeting end must be after start' } } as never }),
  learn({ status: 400 }),
  new TypeError("Cannot read properties of undefined (reading 'id')"),
  learn({ kind: 'network', problem: { kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'HTTPS_PROXY', status: 407 } }),
];

describe('a sync failure in the instructor’s language', () => {
  it('sends a key whose English message is exactly the sentence it sends, for every reason Rollbook words itself', () => {
    const english = translator('en', en, en);
    const keys = new Set<string>();
    for (const error of failures) {
      const failure = failureOf(error);
      expect(failure.words, failure.message).toBeDefined();
      keys.add(failure.words!.key);
      expect(writeHostWords(english, failure.words!)).toBe(failure.message);
    }
    expect(keys.size).toBe(failures.length);
    const unsettled = new ResultBook().finish([{ opId: 'a', courseId: '_1_1', at: '2026-12-01T15:00:00Z', kind: 'record.set', meeting: { serverId: 7 }, userId: '_2_1', status: 'Late', baseStatus: null }], [], undefined)[0];
    expect(OpResult.parse(unsettled)).toMatchObject({ words: { key: 'sync.notSentYet' } });
    expect(english('sync.notSentYet')).toBe(unsettled && 'message' in unsettled ? unsettled.message : '');
  });

  it('is written in Spanish from the key, Learn’s own words kept as Learn wrote them', async () => {
    const spanish = translator('es', await loadCatalogue('es'), en);
    const refused = failureOf(learn({ status: 400, body: { format: 'learn', body: { status: 400, message: 'Meeting end must be after start' } } as never }));
    const shown = spanish(refused.words!.key as MessageKey, refused.words!.values);
    expect(shown).toContain('Learn lo rechazó');
    expect(shown).toContain('Meeting end must be after start');
  });

  it('keeps the host’s English when a key is unknown to this renderer or a network has its own words', () => {
    expect(hostSentence({ key: 'sync.fromANewerHost' }, 'Learn is busy; it will be sent again.')).toBe('Learn is busy; it will be sent again.');
    expect(hostSentence({ key: 'constructor' }, 'Kept.')).toBe('Kept.');
    expect(hostSentence(undefined, 'Your campus proxy refused the connection.')).toBe('Your campus proxy refused the connection.');
    expect(hostSentence({ key: 'sync.hadProblem' }, 'ignored')).toBe('Learn had a problem; it will be sent again at the next sync.');
  });

  it('keeps an unexpected fault’s own English for Details, and writes a campus network’s sentence inside its own', async () => {
    const fault = failureOf(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(fault).toMatchObject({ retryable: true, words: { key: 'sync.unexpected' }, detail: "Cannot read properties of undefined (reading 'id')" });
    expect(fault.message).not.toContain('Cannot read');
    const proxied = failureOf(learn({ kind: 'network', problem: { kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'HTTPS_PROXY', status: 407 } }));
    expect(proxied.message).toBe(
      "The proxy server http://proxy.school.edu:3128 (from HTTPS_PROXY) asked for a sign-in Rollbook does not have. Put the proxy's user name and password in HTTPS_PROXY (http://user:password@host:port), or ask IT. It will be sent again at the next sync.",
    );
    const german = translator('de', await loadCatalogue('de'), en);
    expect(writeHostWords(german, proxied.words!)).toBe(
      'Der Proxyserver http://proxy.school.edu:3128 (aus HTTPS_PROXY) verlangte eine Anmeldung, die Rollbook nicht hat. Tragen Sie Benutzername und Passwort des Proxys in HTTPS_PROXY ein (http://benutzer:passwort@host:port), oder fragen Sie die IT. Es wird bei der nächsten Synchronisierung erneut gesendet.',
    );
  });

  it('writes a sentence around another’s (a stop for a sign-in, a meeting not created) with the inner one in the same language, and reads a row stored before parts existed', async () => {
    const spanish = translator('es', await loadCatalogue('es'), en);
    const stop = new SignInRequiredError();
    const stopped = hostWords('sync.notSentYetBecause', undefined, { reason: asPart(stop.words)! });
    expect(stopped.message).toBe('Not sent yet. Your Learn session has ended. Sign in again; changes waiting to sync are kept.');
    expect(writeHostWords(spanish, stopped.words)).toMatch(/^Aún no enviado\. .*Learn/);
    expect(writeHostWords(spanish, stopped.words)).not.toContain('Your Learn session');
    const busy = failureOf(learn({ status: 503 }));
    const meeting = hostWords('sync.meetingNotCreated', undefined, { reason: asPart(busy.words)! });
    expect(meeting.message).toBe('its meeting could not be created in Learn: Learn had a problem; it will be sent again at the next sync.');
    expect(writeHostWords(spanish, meeting.words)).toBe('no se pudo crear su reunión en Learn: Learn tuvo un problema; se volverá a enviar en la próxima sincronización.');
    // An outbox row kept before parts existed: key and values only.
    expect(OpResult.parse({ opId: 'a', outcome: 'failed', retryable: false, message: 'Learn refused it.', words: { key: 'sync.refused' } })).toMatchObject({ words: { key: 'sync.refused' } });
  });
});
