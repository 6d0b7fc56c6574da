import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLarge, jsonInSlices, LARGE_LIST } from '../../renderer/src/large-post';

/**
 * A push of a term's import goes to the host as JSON written a slice at a time (large-post.ts):
 * the host must receive exactly the text one `JSON.stringify` would have sent, or ops are lost or
 * mangled on the way.
 */

const text = (parts: Uint8Array[]): string => new TextDecoder().decode(Buffer.concat(parts));

describe('a large call written a slice at a time', () => {
  it('is byte for byte the JSON of the request, whatever the items hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.record({ userId: fc.string({ unit: 'grapheme' }), status: fc.constantFrom('Present', 'Absent'), note: fc.option(fc.string({ unit: 'binary' })) }), fc.constant(undefined)), {
          minLength: LARGE_LIST + 1,
          maxLength: LARGE_LIST + 50,
        }),
        fc.string({ unit: 'grapheme' }),
        async (ops, identity) => {
          const request = { identity, ops, left: undefined };
          expect(text(await jsonInSlices(request))).toBe(JSON.stringify(request));
        },
      ),
      { numRuns: 8 },
    );
  }, 30_000);

  afterEach(() => vi.restoreAllMocks());

  it('splits the body into several parts when the writing takes longer than a slice', async () => {
    // A clock that moves 1 ms a reading: the writing outlasts a slice however fast this machine is.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    const ops = Array.from({ length: 20_000 }, (_, i) => ({ opId: `op-${i}`, userId: `_${i}_1`, status: 'Present', name: 'Zoë Ångström 学生' }));
    const parts = await jsonInSlices({ identity: 'site|user', ops });
    expect(text(parts)).toBe(JSON.stringify({ identity: 'site|user', ops }));
    expect(parts.length).toBeGreaterThan(1);
  });

  it('is only used for requests holding a long list: a roll call push stays a plain call', () => {
    expect(isLarge({ identity: 'x', ops: Array.from({ length: 300 }, () => ({})) })).toBe(false);
    expect(isLarge({ identity: 'x', ops: Array.from({ length: LARGE_LIST + 1 }, () => ({})) })).toBe(true);
  });
});
