import { keyedGcm, type KeyedGcm } from './keyed-gcm';

/**
 * One row of the local store sealed at rest (docs/decisions/local-data-sealed-at-rest.md): the
 * fields the store's keys and indexes need stay as they are (Learn's opaque ids, dates, op
 * states), every other field goes into `$sealed`, AES-GCM under the identity's store key with a
 * fresh 96-bit IV, and the table's name as additional data (a row moved to another table does
 * not open). Bytes (photos) travel beside the JSON, not inside it as text.
 *
 * One format, two engines: WebCrypto (native, asynchronous) for the rows kept for review, and
 * AES-GCM in JavaScript (keyed-gcm.ts, synchronous) for the roll call's and the sync's rows, whose
 * transactions may not wait on a promise of the page (at-rest.ts). Either opens what the other sealed.
 */

/** The field a sealed row keeps its ciphertext in: IV (12 bytes) then ciphertext and tag. */
export const SEALED = '$sealed';
/** What an unreadable row carries instead of its sealed fields, in words (integrity.ts shows it). */
export const UNREADABLE = '$unreadable';

const IV_BYTES = 12;
const BYTES_MARK = '\u0000bytes';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A sealed row could not be opened: changed outside Rollbook, or sealed under another key. */
export class SealedRowError extends Error {
  constructor(table: string) {
    super(`A saved ${table} row on this device could not be read: it was changed outside Rollbook or saved under another sign-in, so it was left out.`);
    this.name = 'SealedRowError';
  }
}

/**
 * The identity's store key, as each engine takes it. Both live only in the page's memory (and the
 * import worker's, by postMessage: a CryptoKey and bytes are cloned, never written anywhere).
 */
export interface StoreKey {
  /** For WebCrypto: usable only to seal and open rows, it cannot be exported again. */
  readonly webCrypto: CryptoKey;
  /** The same 32 bytes, for the synchronous engine. */
  readonly bytes: Uint8Array;
}

/** The store key from the host (base64 of 32 bytes). */
export async function importStoreKey(base64: string): Promise<StoreKey> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (bytes.length !== 32) throw new Error('The key for your data on this device is damaged. Sign out and in again.');
  return { webCrypto: await crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']), bytes };
}

/** Bytes by their tag, not `instanceof`: IndexedDB may hand them over from another realm (a worker's, a test's). */
const isBytes = (value: unknown): value is Uint8Array<ArrayBuffer> => Object.prototype.toString.call(value) === '[object Uint8Array]';

export function isSealed(row: unknown): row is Record<string, unknown> & { [SEALED]: Uint8Array<ArrayBuffer> } {
  return typeof row === 'object' && row !== null && isBytes((row as Record<string, unknown>)[SEALED]);
}

/** The fields kept in clear (`blinded` ones as '': indexed, but saying nothing) and the rest, to be sealed. */
function split(row: Record<string, unknown>, clear: ReadonlySet<string>, blinded: ReadonlySet<string>): { out: Record<string, unknown>; rest: Record<string, unknown> } {
  const out: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (blinded.has(name)) {
      out[name] = '';
      rest[name] = value;
    } else if (clear.has(name)) out[name] = value;
    else rest[name] = value;
  }
  return { out, rest };
}

function stored(iv: Uint8Array, sealed: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** `clear` fields kept as they are (`blinded` ones as '': indexed, but saying nothing), the rest sealed by WebCrypto. */
export async function sealRow(key: StoreKey, table: string, row: Record<string, unknown>, clear: ReadonlySet<string>, blinded: ReadonlySet<string>): Promise<Record<string, unknown>> {
  const { out, rest } = split(row, clear, blinded);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(table) }, key.webCrypto, encode(rest) as Uint8Array<ArrayBuffer>);
  out[SEALED] = stored(iv, new Uint8Array(sealed));
  return out;
}

/** As `sealRow`, at once: for rows written inside a transaction that may not wait. */
export function sealRowNow(key: StoreKey, table: string, row: Record<string, unknown>, clear: ReadonlySet<string>, blinded: ReadonlySet<string>): Record<string, unknown> {
  const { out, rest } = split(row, clear, blinded);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  out[SEALED] = stored(iv, keptFor(key).engine.seal(iv, encoder.encode(table), encode(rest)));
  return out;
}

/** The row as it was given to `sealRow` or `sealRowNow`; throws SealedRowError when it does not open. */
export async function openRow(key: StoreKey, table: string, row: Record<string, unknown> & { [SEALED]: Uint8Array<ArrayBuffer> }): Promise<Record<string, unknown>> {
  const { [SEALED]: sealed, ...clear } = row;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES), additionalData: encoder.encode(table) }, key.webCrypto, sealed.subarray(IV_BYTES));
  } catch {
    throw new SealedRowError(table);
  }
  return { ...clear, ...decode(new Uint8Array(plain), table) };
}

/** As `openRow`, at once. */
export function openRowNow(key: StoreKey, table: string, row: Record<string, unknown> & { [SEALED]: Uint8Array<ArrayBuffer> }): Record<string, unknown> {
  const { [SEALED]: sealed, ...clear } = row;
  const forKey = keptFor(key);
  const known = sealed.length <= OPENED_MAX_BYTES ? forKey.opened : undefined;
  const name = known ? table + String.fromCharCode(...sealed) : '';
  let plain = known?.get(name);
  if (plain) {
    known!.delete(name); // the most recently read last: the first is the one to forget
  } else {
    try {
      plain = forKey.engine.open(sealed.subarray(0, IV_BYTES), encoder.encode(table), sealed.subarray(IV_BYTES));
    } catch {
      throw new SealedRowError(table);
    }
    if (known && known.size >= OPENED_LIMIT) known.delete(known.keys().next().value!);
  }
  known?.set(name, plain);
  return { ...clear, ...decode(plain, table) };
}

/**
 * What the synchronous engine keeps per store key, dropped with the key at sign-out: the engine,
 * its AES key and GHASH tables made once, and the rows opened lately.
 *
 * The rows: their plaintext by table and sealed bytes. The JavaScript
 * engine opens a row in tens of µs, and the roll call's live reads open a whole meeting again
 * after a press: 1,000 records took 56-130 ms a read with noble's own gcm().
 * The same sealed bytes always open to the same row, so a row read again is decoded from here in
 * a few µs, and each read still gets fresh objects; bytes changed by a single bit are a new name,
 * opened (and refused) by the cipher. Only the page's memory holds it, as it holds the rows on
 * screen.
 */
const perKey = new WeakMap<Uint8Array, { engine: KeyedGcm; opened: Map<string, Uint8Array> }>();
/** Records and outbox entries are ~150-300 bytes: about 8,000 of them is a few meetings of a large lecture, a few megabytes. */
const OPENED_LIMIT = 8192;
/** A larger row (a batch of many changes) is rare and opened each time: its name would cost as much memory again. */
const OPENED_MAX_BYTES = 2048;

function keptFor(key: StoreKey): { engine: KeyedGcm; opened: Map<string, Uint8Array> } {
  let forKey = perKey.get(key.bytes);
  if (!forKey) perKey.set(key.bytes, (forKey = { engine: keyedGcm(key.bytes), opened: new Map() }));
  return forKey;
}

/** [4-byte JSON length][JSON][bytes of each Uint8Array field, in order], the JSON naming each by offset and length. */
function encode(rest: Record<string, unknown>): Uint8Array {
  const blobs: Uint8Array[] = [];
  let offset = 0;
  const json = encoder.encode(
    JSON.stringify(rest, (_name, value: unknown) => {
      if (!isBytes(value)) return value;
      blobs.push(value);
      offset += value.length;
      return { [BYTES_MARK]: [offset - value.length, value.length] };
    }),
  );
  const out = new Uint8Array(4 + json.length + offset);
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  let at = 4 + json.length;
  for (const blob of blobs) {
    out.set(blob, at);
    at += blob.length;
  }
  return out;
}

function decode(plain: Uint8Array, table: string): Record<string, unknown> {
  const length = new DataView(plain.buffer, plain.byteOffset).getUint32(0);
  const bytesAt = 4 + length;
  try {
    return JSON.parse(decoder.decode(plain.subarray(4, bytesAt)), (_name, value: unknown) => {
      const span = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[BYTES_MARK] : undefined;
      // A copy: the row's bytes must not keep the whole decrypted buffer alive, nor share it.
      return Array.isArray(span) ? plain.slice(bytesAt + Number(span[0]), bytesAt + Number(span[0]) + Number(span[1])) : value;
    }) as Record<string, unknown>;
  } catch {
    throw new SealedRowError(table);
  }
}
