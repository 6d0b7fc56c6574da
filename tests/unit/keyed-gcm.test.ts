import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyedGcm } from '../../renderer/src/db/keyed-gcm';

/**
 * The roll call's synchronous AES-GCM (renderer/src/db/keyed-gcm.ts) against WebCrypto's, the
 * engine every other table is sealed with: the same bytes out for the same key, IV, additional
 * data and plaintext, each opening what the other sealed, and nothing changed by so much as a
 * bit opening at all. One engine seals many messages in a row, as a store key's does.
 */
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });
const message = fc.record({ iv: bytes(12, 12), aad: bytes(0, 40), plain: bytes(0, 600), at: fc.integer({ min: 0, max: 3 }) });

async function webCrypto(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** `data` placed `at` bytes into a larger buffer: rows read back from IndexedDB may be views anywhere. */
function viewAt(data: Uint8Array, at: number): Uint8Array<ArrayBuffer> {
  const buffer = new Uint8Array(data.length + at);
  buffer.set(data, at);
  return buffer.subarray(at);
}

describe('keyed AES-GCM', () => {
  it('seals byte for byte as WebCrypto does, message after message under one key, and opens what WebCrypto sealed', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(32, 32), fc.array(message, { minLength: 1, maxLength: 6 }), async (key, messages) => {
        const engine = keyedGcm(key);
        const native = await webCrypto(key);
        for (const { iv, aad, plain, at } of messages) {
          const expected = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv, additionalData: aad }, native, plain));
          expect(engine.seal(viewAt(iv, at), viewAt(aad, at), viewAt(plain, at))).toEqual(expected);
          expect(engine.open(iv, aad, viewAt(expected, at))).toEqual(plain);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('opens nothing changed by one bit, nor under other additional data, another IV or another key', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(32, 32), message, fc.nat(), fc.integer({ min: 0, max: 7 }), async (key, { iv, aad, plain }, where, bit) => {
        const engine = keyedGcm(key);
        const sealed = engine.seal(iv, aad, plain);
        const flipped = sealed.slice();
        flipped[where % flipped.length]! ^= 1 << bit;
        expect(() => engine.open(iv, aad, flipped)).toThrow(/invalid tag/);
        expect(() => engine.open(iv, Uint8Array.of(...aad, 0), sealed)).toThrow(/invalid tag/);
        const otherIv = iv.slice();
        otherIv[where % 12]! ^= 1 << bit;
        expect(() => engine.open(otherIv, aad, sealed)).toThrow(/invalid tag/);
        const otherKey = key.slice();
        otherKey[where % 32]! ^= 1 << bit;
        expect(() => keyedGcm(otherKey).open(iv, aad, sealed)).toThrow(/invalid tag/);
        // WebCrypto refuses it too: the tag is GCM's, not one only this engine checks.
        const native = await webCrypto(key);
        await expect(crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv, additionalData: aad }, native, flipped)).rejects.toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a sealed row too short to hold its tag, and an IV that is not 12 bytes', () => {
    const engine = keyedGcm(new Uint8Array(32).fill(7));
    expect(() => engine.open(new Uint8Array(12), new Uint8Array(), new Uint8Array(15))).toThrow(/too short/);
    expect(() => engine.seal(new Uint8Array(16), new Uint8Array(), new Uint8Array(4))).toThrow(/12 bytes/);
  });
});
