import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityOf } from '../../electron/core/app/identity';

/** The identity key that names a local store: stable, one per site and user, and a demo key never a site's. */
describe('identity keys', () => {
  it('are the same for the same site and user, and differ for another site or user', () => {
    const a = identityOf({ learnUrl: 'https://learn.school.edu/learn', demo: false }, '_12_1');
    expect(identityOf({ learnUrl: 'https://learn.school.edu/learn', demo: false }, '_12_1')).toEqual(a);
    expect(a).toMatchObject({ demo: false, siteName: 'learn.school.edu', learnUrl: 'https://learn.school.edu/learn' });
    expect(identityOf({ learnUrl: 'https://learn.school.edu/learn', demo: false }, '_13_1').key).not.toBe(a.key);
    expect(identityOf({ learnUrl: 'https://learn.other.edu/learn', demo: false }, '_12_1').key).not.toBe(a.key);
  });

  it('name the demo by its user, not its address (a new port every launch)', () => {
    const first = identityOf({ learnUrl: 'http://127.0.0.1:41000/learn', demo: true }, '_7_1');
    const next = identityOf({ learnUrl: 'http://127.0.0.1:52000/learn', demo: true }, '_7_1');
    expect(next.key).toBe(first.key);
    expect(first).toMatchObject({ demo: true, siteName: 'the demo' });
  });

  it('never give a demo key to a real site, whatever the address and user', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'] }), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (url, siteUser, demoUser) => {
        const learnUrl = new URL(url).origin + '/learn';
        const site = identityOf({ learnUrl, demo: false }, siteUser).key;
        const demo = identityOf({ learnUrl, demo: true }, demoUser).key;
        expect(site).toMatch(/^site-[0-9a-f]{24}$/);
        expect(demo).toMatch(/^demo-[0-9a-f]{24}$/);
        expect(site).not.toBe(demo);
      }),
      { numRuns: 300 },
    );
  });
});
