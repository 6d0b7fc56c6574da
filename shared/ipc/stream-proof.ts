/**
 * Browser mode's event stream proves its host before it connects with its key (EventSource cannot
 * send headers, so the key goes in the stream's query). After Rollbook stops, whatever takes its
 * port would otherwise receive the key, and the cookie with it, on the browser's own reconnect.
 *
 * The page and the host share the session's key; each question is a fresh nonce, and the host
 * answers with an HMAC-SHA256 of it under the key, as the second start's launch-link question does
 * with the data folder's per-run secret (electron/host/launch-control.ts). The question names the
 * session by an HMAC of a fixed label, never by the key: a squatter learns nothing it can use and
 * cannot forge an answer. Both sides take the key's UTF-8 bytes as the HMAC key, base64url text.
 */
export const STREAM_PROOF_PATH = '/__rollbook/stream-proof';

/** What the session is called in a question: HMAC(key, SESSION_LABEL). */
export const SESSION_LABEL = 'rollbook-session';

/** What the host signs: HMAC(key, proofText(nonce)). */
export const proofText = (nonce: string): string => `stream:${nonce}`;
