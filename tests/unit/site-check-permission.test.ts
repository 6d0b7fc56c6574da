import { describe, expect, it } from 'vitest';
import { featurePermission } from '../../renderer/src/features/settings/site-check';
import type { FeatureCheck, SiteCheck } from '../../shared/ipc/site-check-channels';

// A screen turns a feature off from the site check: a refusal only where the user has the role it
// was checked with, a service switched off everywhere, and nothing without a check.
const checkWith = (attendance: Partial<FeatureCheck>): SiteCheck => ({
  siteName: 'learn.school.edu',
  checkedAt: '2026-11-25T12:00:00.000Z',
  course: { name: 'Introduction to Psychology', role: 'Teaching assistant', roleId: 'TeachingAssistant' },
  features: [{ feature: 'attendance', name: 'Meetings and roll call', state: 'available', ...attendance }],
});

describe('a feature turned off by the site check', () => {
  const refused = checkWith({ state: 'not-allowed', reason: 'Your role on this site does not allow reading or taking attendance.' });

  it('is off, with the check’s reason, in a course where the user has the role that was refused', () => {
    expect(featurePermission(refused, 'attendance', 'TeachingAssistant')).toEqual({ allowed: false, reason: 'Your role on this site does not allow reading or taking attendance.' });
  });

  it('stays on in a course where the user has another role', () => {
    expect(featurePermission(refused, 'attendance', 'Instructor')).toEqual({ allowed: true });
  });

  it('is off in every course when the site has the service switched off', () => {
    const off = checkWith({ state: 'not-enabled', reason: 'Meetings and roll call is not enabled on this Learn site.' });
    expect(featurePermission(off, 'attendance', 'Instructor')?.allowed).toBe(false);
  });

  it('decides nothing without a check, or when the feature could not be checked', () => {
    expect(featurePermission(undefined, 'attendance', 'Instructor')).toBeUndefined();
    expect(featurePermission(checkWith({ state: 'unknown', reason: 'no answer' }), 'attendance', 'Instructor')).toEqual({ allowed: true });
  });
});
