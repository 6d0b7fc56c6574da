/**
 * One row of the local store sealed at rest (docs/decisions/local-data-sealed-at-rest.md): the
 * fields the store's keys and indexes need stay as they are (Learn's opaque ids, dates, op
 * states), every other field goes into `$sealed`, AES-GCM under the identity's store key with a
 * fresh 96-bit IV, and the table's name as additional data (a row moved to another table does
 * not open). Bytes (photos) travel beside the JSON, not inside it as text.
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

/** The store key from the host (base64 of 32 bytes), usable only to seal and open rows: it cannot be exported again. */
export function importStoreKey(base64: string): Promise<CryptoKey> {
  const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (raw.length !== 32) throw new Error('The key for your data on this device is damaged. Sign out and in again.');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export function isSealed(row: unknown): row is Record<string, unknown> & { [SEALED]: Uint8Array<ArrayBuffer> } {
  return typeof row === 'object' && row !== null && (row as Record<string, unknown>)[SEALED] instanceof Uint8Array;
}

/** `clear` fields kept as they are (`blinded` ones as '': indexed, but saying nothing), the rest sealed. */
export async function sealRow(key: CryptoKey, table: string, row: Record<string, unknown>, clear: ReadonlySet<string>, blinded: ReadonlySet<string>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (blinded.has(name)) {
      out[name] = '';
      rest[name] = value;
    } else if (clear.has(name)) out[name] = value;
    else rest[name] = value;
  }
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(table) }, key, encode(rest) as Uint8Array<ArrayBuffer>));
  const stored = new Uint8Array(IV_BYTES + sealed.length);
  stored.set(iv);
  stored.set(sealed, IV_BYTES);
  out[SEALED] = stored;
  return out;
}

/** The row as it was given to `sealRow`; throws SealedRowError when it does not open. */
export async function openRow(key: CryptoKey, table: string, row: Record<string, unknown> & { [SEALED]: Uint8Array<ArrayBuffer> }): Promise<Record<string, unknown>> {
  const { [SEALED]: stored, ...clear } = row;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.subarray(0, IV_BYTES), additionalData: encoder.encode(table) }, key, stored.subarray(IV_BYTES));
  } catch {
    throw new SealedRowError(table);
  }
  return { ...clear, ...decode(new Uint8Array(plain), table) };
}

/** [4-byte JSON length][JSON][bytes of each Uint8Array field, in order], the JSON naming each by offset and length. */
function encode(rest: Record<string, unknown>): Uint8Array {
  const blobs: Uint8Array[] = [];
  let offset = 0;
  const json = encoder.encode(
    JSON.stringify(rest, (_name, value: unknown) => {
      if (!(value instanceof Uint8Array)) return value;
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
