import { describe, expect, it } from 'vitest';
import { learnReleaseName, VersionInfo } from '../../shared/api/system';

// Get Version's answer as the vendor Swagger 3900.121.0 gives it (`system.VersionInfo`), and the
// shapes a liberal reader must also take: every field of it is optional in the Swagger.
describe("Learn's version answer", () => {
  const read = (json: unknown): string | undefined => learnReleaseName(VersionInfo.parse(json));

  it('names the release as Learn does: major.minor.patch', () => {
    expect(read({ learn: { major: 3900, minor: 121, patch: 0, build: 'rel.121+1f2e3d4' } })).toBe('3900.121.0');
  });

  it('takes null or absent fields, numbers written as strings, and fields it does not know', () => {
    expect(read({ learn: { major: 3900, minor: 121, patch: null, build: null } })).toBe('3900.121');
    expect(read({ learn: { major: '3900', minor: '121', patch: '4' }, cloud: { region: 'eu' } })).toBe('3900.121.4');
    expect(read({ learn: { major: 3900, minor: 121, patch: 0, sandboxFutureField: { addedIn: '3999.1.0' } } })).toBe('3900.121.0');
  });

  it('reads an answer without a release as Learn that did not say which', () => {
    for (const json of [{}, { learn: null }, { learn: {} }, { learn: { major: 3900 } }, { learn: { build: 'x' } }]) {
      expect(read(json), JSON.stringify(json)).toBeUndefined();
    }
  });

  it('does not take what is not a version answer', () => {
    for (const json of [undefined, null, '<html>', [], { learn: 'Learn 3900' }, { learn: { major: -1 } }, { learn: { major: 'three' } }]) {
      expect(VersionInfo.safeParse(json).success, JSON.stringify(json)).toBe(false);
    }
  });
});
