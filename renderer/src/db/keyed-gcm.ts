import { unsafe } from '@noble/ciphers/aes.js';
import { GHASH } from '@noble/ciphers/_polyval.js';
import { equalBytes } from '@noble/ciphers/utils.js';

/**
 * AES-GCM (NIST SP 800-38D, 96-bit IVs, 128-bit tags) in JavaScript, with what depends only on
 * the key made once per key: the expanded AES key and GHASH's multiplication tables.
 * `@noble/ciphers`' `gcm()` makes both again for every message, and for a roll call's small rows
 * (150-300 bytes, three a key press) that was most of their cost: 44 µs a 220-byte row against
 * 17 µs here, measured in Node, and about 400 short-lived objects a row that the collector then
 * finds in a key press's task. The blocks are noble's own (AES in counter mode, GHASH); only the
 * mode's assembly is here, and tests hold it to WebCrypto's output byte for byte
 * (tests/unit/keyed-gcm.test.ts): either engine opens what the other sealed.
 */

const BLOCK = 16;
const TAG_BYTES = 16;
const IV_BYTES = 12;
/** GHASH tables for inputs above 1 KB: 4-bit windows (32 lookups a block instead of 64), made once. */
const TABLE_HINT = 2048;

/** GHASH whose state starts again for each message while its key's tables are kept. */
class KeptGhash extends GHASH {
  restart(): this {
    this.s0 = this.s1 = this.s2 = this.s3 = 0;
    this.finished = false;
    return this;
  }
}

export interface KeyedGcm {
  /** Ciphertext then the 16-byte tag. */
  seal(iv: Uint8Array, aad: Uint8Array, plain: Uint8Array): Uint8Array;
  /** The plaintext; throws when the tag does not match (changed bytes, another key or AAD). */
  open(iv: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Uint8Array;
}

/** Typed-array views the cipher reads as 32-bit words must start on a multiple of 4. */
const aligned = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset % 4 === 0 ? bytes : bytes.slice());

export function keyedGcm(key: Uint8Array): KeyedGcm {
  const xk = unsafe.expandKeyLE(key);
  const hashKey = unsafe.ctr32(xk, false, new Uint8Array(BLOCK), new Uint8Array(BLOCK));
  const ghash = new KeptGhash(hashKey, TABLE_HINT);
  const lengths = new Uint8Array(BLOCK);
  const lengthView = new DataView(lengths.buffer);
  const bitLength = (at: number, bytes: number): void => {
    const bits = bytes * 8;
    lengthView.setUint32(at, Math.floor(bits / 2 ** 32));
    lengthView.setUint32(at + 4, bits >>> 0);
  };

  /** The counter block after J0 (IV || 1), and E(K, J0), which masks the tag. */
  const start = (iv: Uint8Array): { counter: Uint8Array; tagMask: Uint8Array } => {
    if (iv.length !== IV_BYTES) throw new Error('aes-gcm: the IV must be 12 bytes');
    const counter = new Uint8Array(BLOCK);
    counter.set(iv);
    counter[BLOCK - 1] = 1;
    // ctr32 leaves the counter advanced by one block: inc32(J0), where the payload starts.
    const tagMask = unsafe.ctr32(xk, false, counter, new Uint8Array(BLOCK));
    return { counter, tagMask };
  };

  const tagOf = (aad: Uint8Array, ciphertext: Uint8Array, tagMask: Uint8Array): Uint8Array => {
    ghash.restart().update(aad).update(ciphertext);
    // len(A) || len(C) in bits, each a 64-bit big-endian number.
    bitLength(0, aad.length);
    bitLength(8, ciphertext.length);
    ghash.update(lengths);
    const tag = new Uint8Array(BLOCK);
    ghash.digestInto(tag);
    for (let i = 0; i < BLOCK; i++) tag[i]! ^= tagMask[i]!;
    return tag;
  };

  return {
    seal(iv, aad, plain) {
      const { counter, tagMask } = start(iv);
      const out = new Uint8Array(plain.length + TAG_BYTES);
      const ciphertext = out.subarray(0, plain.length);
      unsafe.ctr32(xk, false, counter, aligned(plain), ciphertext);
      out.set(tagOf(aad, ciphertext, tagMask), plain.length);
      return out;
    },
    open(iv, aad, sealed) {
      if (sealed.length < TAG_BYTES) throw new Error('aes-gcm: too short to hold a tag');
      const { counter, tagMask } = start(iv);
      const ciphertext = aligned(sealed.subarray(0, sealed.length - TAG_BYTES));
      // The tag first: no plaintext is made from bytes that do not authenticate.
      if (!equalBytes(tagOf(aad, ciphertext, tagMask), sealed.subarray(sealed.length - TAG_BYTES))) throw new Error('aes-gcm: invalid tag');
      return unsafe.ctr32(xk, false, counter, ciphertext);
    },
  };
}
