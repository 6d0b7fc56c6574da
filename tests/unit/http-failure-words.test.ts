import { describe, expect, it } from 'vitest';
import { ApiError, parseErrorBody, type ApiErrorInit } from '../../electron/core/http/api-error';
import { failureWords, plainFailure } from '../../electron/core/http/failure-text';
import type { NetworkProblem } from '../../electron/core/http/network-problem';
import { entitlementInWords } from '../../shared/domain/entitlement-words';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { writeHostWords } from '../../shared/i18n/host-sentence';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { HostWords } from '../../shared/ipc/host-words';

/**
 * A failed call to Learn or Ally travels as the catalogue's words (`http.*`) beside its English:
 * each sentence below is what a screen said before the words existed, and must stay so.
 */
const failed = (init: Partial<ApiErrorInit>): ApiError =>
  new ApiError({ kind: 'http', method: 'GET', url: 'https://learn.example.edu/learn/api/public/v1/courses/_12_1', operation: 'open course _12_1', message: 'Could not open course _12_1.', ...init });
const refused = (status: number, said?: string, service?: string): ApiError =>
  failed({ status, ...(said ? { body: parseErrorBody(JSON.stringify({ status, message: said })) } : {}), ...(service ? { service } : {}) });
const network = (problem: NetworkProblem, service = 'Learn'): ApiError => failed({ kind: 'network', problem, service });

const host = 'learn.school.edu';
const proxy = 'http://proxy.school.edu:3128';
const fromSetting = { kind: 'proxy', proxy, variable: 'HTTPS_PROXY' } as const;
const fromSystem = { kind: 'proxy', proxy } as const;
const askIt = "Ask IT for the network's root certificate and install it in the operating system's certificate store, or set NODE_EXTRA_CA_CERTS to its file.";
const system = `The proxy server ${proxy} (from this computer's proxy settings)`;
const setting = `The proxy server ${proxy} (from HTTPS_PROXY)`;

const SAID_BEFORE: [ApiError, string][] = [
  [failed({ status: 429, rateLimit: 'used-up' }), "The site's daily limit of Learn requests is used up; Rollbook sends nothing more to Learn until it resets."],
  [failed({ status: 429, rateLimit: 'reserve' }), "Few of the site's Learn requests for today are left, and Rollbook keeps them for your own work; this is read after the limit resets."],
  [failed({ status: 429, retryAfterMs: 2000 }), 'Learn is limiting requests; wait a little and try again.'],
  [refused(403, 'User does not have the entitlement course.attendance.VIEW'), 'Learn did not do it: your role lacks the permission to view attendance in courses. Ask your Learn administrator for it.'],
  [refused(403, 'User does not have the entitlement course.gizmo.VIEW'), 'Learn did not do it: your role lacks a permission (Learn name: course.gizmo.VIEW). Ask your Learn administrator for it.'],
  [refused(400, 'Meeting end must be after start.'), 'Learn did not do it. Learn said: "Meeting end must be after start". Learn refused the request as invalid; check the values entered.'],
  [refused(401), 'Learn did not do it. Sign in again.'],
  [refused(401, undefined, 'Ally'), "Ally did not do it. Check the Ally client id and secret your institution gave you, and this computer's clock."],
  [refused(403), 'Learn did not do it. Your Learn account is not allowed to do this; ask your Learn administrator for the permission.'],
  [refused(404, 'Content _55_1 not found'), 'Learn did not do it. It may have been deleted or moved in Learn; refresh and try again.'],
  [refused(409), 'Learn did not do it. It was changed in Learn at the same time; refresh and try again.'],
  [refused(413), 'Learn did not do it. Learn has no room for it; remove something or ask your administrator.'],
  [refused(429), 'Learn did not do it. Learn is limiting requests; wait a little and try again.'],
  [refused(503, undefined, 'Ally'), 'Ally did not do it. Ally had a problem; try again later.'],
  [refused(418), 'Learn did not do it. See Details, and try again later.'],
  [failed({ kind: 'network' }), 'No connection to Learn. Check your network connection and try again.'],
  [failed({ kind: 'network', outcomeUnknown: true }), 'The connection to Learn was lost before it answered; Learn may or may not have done it. Check in Learn before trying again.'],
  [failed({ kind: 'timeout' }), 'Learn did not answer in time. Check your network connection and try again.'],
  [failed({ kind: 'timeout', outcomeUnknown: true }), 'Learn did not answer in time; it may or may not have done it. Check in Learn before trying again.'],
  [failed({ kind: 'aborted' }), 'Cancelled.'],
  [failed({ kind: 'invalid-response', service: 'Ally' }), 'Ally answered with data Rollbook does not understand; please report it (see Details).'],
  [network({ kind: 'certificate', reason: 'untrusted', host, code: 'SELF_SIGNED_CERT_IN_CHAIN' }), `Rollbook does not trust the certificate ${host} presented (perhaps your campus network inspects secure traffic). ${askIt}`],
  [network({ kind: 'certificate', reason: 'untrusted', host, code: 'SELF_SIGNED_CERT_IN_CHAIN', issuer: 'Campus CA' }), `Rollbook does not trust the certificate ${host} presented (issued by Campus CA; perhaps your campus network inspects secure traffic). ${askIt}`],
  [network({ kind: 'certificate', reason: 'expired', host, code: 'CERT_HAS_EXPIRED' }), `The certificate ${host} presented has expired. Check this computer's date and time; if they are right, tell IT: the certificate of Learn (or of the network's traffic inspection) must be renewed.`],
  [network({ kind: 'certificate', reason: 'not-yet-valid', host, code: 'CERT_NOT_YET_VALID' }), `The certificate ${host} presented is not valid yet. Check this computer's date and time; if they are right, tell IT.`],
  [network({ kind: 'certificate', reason: 'wrong-name', host, code: 'HOSTNAME_MISMATCH' }), `The certificate ${host} presented is made out to another name, so Rollbook did not trust it. Check the address; if it is right, tell IT (a network that inspects secure traffic may present the wrong certificate).`],
  [network({ kind: 'certificate', reason: 'revoked', host, code: 'CERT_REVOKED' }), `The certificate ${host} presented has been revoked, so Rollbook did not trust it. Tell IT.`],
  [network({ kind: 'certificate', reason: 'other', host, code: 'EPROTO' }), `A secure connection to ${host} could not be set up; a device on the network may be interfering with secure traffic. Tell IT.`],
  [network({ ...fromSystem, code: 'ROLLBOOK_PROXY_SETTINGS' }), "Rollbook could not work out from this computer's proxy settings how to reach Learn (the proxy script may be out of reach). Try again; if it keeps failing, ask IT, or set HTTPS_PROXY to the proxy's address."],
  [network({ kind: 'proxy', proxy: 'socks5://127.0.0.1:1080', code: 'ROLLBOOK_SOCKS_PROXY' }, 'Ally'), "This computer's proxy settings send Ally through a SOCKS proxy (socks5://127.0.0.1:1080), which Rollbook cannot use. Ask IT for an HTTP proxy, or set HTTPS_PROXY to one (http://host:port)."],
  [network({ ...fromSetting, status: 407 }), `${setting} asked for a sign-in Rollbook does not have. Put the proxy's user name and password in HTTPS_PROXY (http://user:password@host:port), or ask IT.`],
  [network({ ...fromSystem, status: 407 }), `${system} asked for a sign-in, which Rollbook cannot give from those settings. Set HTTPS_PROXY to the proxy with your user name and password (http://user:password@host:port), or ask IT to let Learn through without one.`],
  [network({ ...fromSetting, status: 502 }), `${setting} could not reach Learn: Learn may be down, or the proxy cannot reach it. Try again later; if it keeps failing, ask IT.`],
  [network({ ...fromSystem, status: 504 }), `${system} could not reach Learn: Learn may be down, or the proxy cannot reach it. Try again later; if it keeps failing, ask IT.`],
  [network({ ...fromSetting, status: 403 }, 'Ally'), `${setting} refused to connect Rollbook to Ally. Ask IT whether Ally may be reached through it, or add Ally's address to NO_PROXY.`],
  [network({ ...fromSystem, status: 403 }), `${system} refused to connect Rollbook to Learn. Ask IT whether Learn may be reached through it, or add Learn's address to the proxy settings' exceptions.`],
  [network({ ...fromSetting, code: 'ENOTFOUND' }), `${setting} could not be found. Check HTTPS_PROXY, or ask IT for the proxy's address.`],
  [network({ ...fromSystem, code: 'EAI_AGAIN' }), `${system} could not be found. Check this computer's proxy settings, or ask IT for the proxy's address.`],
  [network({ ...fromSetting, code: 'ECONNREFUSED' }), `${setting} did not accept the connection. Check HTTPS_PROXY, or ask IT for the proxy's address.`],
  [network({ ...fromSystem }), `${system} did not accept the connection. Check this computer's proxy settings, or ask IT for the proxy's address.`],
];

const keysOf = (words: HostWords): string[] => [words.key, ...Object.values(words.parts ?? {}).map((part) => part.key)];

describe('a failed call in the instructor’s language', () => {
  it('says in English exactly what it said before, made from the words it sends, and has a message for every sentence', () => {
    const english = translator('en', en, en);
    const reached = new Set<string>();
    for (const [error, before] of SAID_BEFORE) {
      const { message, words } = failureWords(error);
      expect(plainFailure(error)).toBe(before);
      expect(message).toBe(before);
      expect(HostWords.parse(words)).toEqual(words);
      expect(writeHostWords(english, words)).toBe(before);
      for (const key of keysOf(words)) reached.add(key);
    }
    expect(Object.keys(en).filter((key) => key.startsWith('http.') && !reached.has(key))).toEqual([]);
  });

  it('names every permission in words from the catalogue, as before', () => {
    expect(entitlementInWords('system.course.MODIFY')).toBe("the permission to change any course (an administrator's permission)");
    expect(entitlementInWords('course.adaptiverelease.acl.modify')).toBe('the permission to change who content is released to');
    expect(entitlementInWords('course.gizmo.VIEW')).toBe('a permission (Learn name: course.gizmo.VIEW)');
  });

  it('is written in Spanish and Arabic from its words, with its parts and Learn’s own words as Learn wrote them', async () => {
    const spanish = translator('es', await loadCatalogue('es'), en);
    const arabic = translator('ar', await loadCatalogue('ar'), en);
    const said = failureWords(refused(400, 'Meeting end must be after start')).words;
    expect(writeHostWords(spanish, said)).toBe('Learn no lo hizo. Learn dijo: «Meeting end must be after start». Learn rechazó la solicitud por no ser válida; compruebe los valores introducidos.');
    const lacking = failureWords(refused(403, 'User does not have the entitlement course.attendance.VIEW')).words;
    expect(writeHostWords(spanish, lacking)).toBe('Learn no lo hizo: a su rol le falta el permiso para ver la asistencia en los cursos. Pídaselo al administrador de Learn.');
    expect(writeHostWords(arabic, lacking)).toBe('لم يُنفّذ Learn ذلك: ينقص دورَك إذنُ عرض الحضور في المقررات. اطلبه من مسؤول Learn.');
    const proxied = failureWords(network({ ...fromSetting, status: 407 })).words;
    expect(writeHostWords(arabic, proxied)).toContain(`طلب الخادم الوكيل ${proxy} (من HTTPS_PROXY)`);
  });

  it('leaves a sentence to the host’s English when this renderer does not know one of its keys', () => {
    const english = translator('en', en, en);
    expect(writeHostWords(english, { key: 'http.didNotDo', values: { service: 'Learn' }, parts: { fix: { key: 'http.fix.fromANewerHost' } } })).toBeUndefined();
    expect(writeHostWords(english, { key: 'http.fromANewerHost' })).toBeUndefined();
  });
});
