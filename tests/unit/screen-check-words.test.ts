import { describe, expect, it } from 'vitest';
import { developerWordsIn } from '../support/screen-check';

/**
 * The E2E screen check's scan for developer language: it must catch what issue
 * 18 found on the screens, and leave plain sentences and a permission's own Learn name alone.
 */
describe('developer words on a screen', () => {
  it('finds ids, raw statuses, handler types, entitlement keys and content hashes', () => {
    const found = developerWordsIn([
      'Groups (1): _753_1',
      'Learn answered HTTP 404',
      'Learn refused it (status 500)',
      '403 Forbidden',
      'Type: resource/x-bb-asmt-test-link',
      'User does not have the entitlement system.course.MODIFY',
      'Needs course.*.VIEW',
      'File 9a0364b9e99bb480dd25e1f0284c8555',
      "Posting needs Learn's system.announcements entitlements (CREATE, MODIFY, DELETE)",
      'The proxy could not reach Learn (it answered 502)',
      'Ally content hash V2VlayAxIG92ZXJ2aWV3IGFuZCByZWFkaW5n',
      'Learn refused GET /learn/api/public/v1/courses/_1_1/users',
      'Syncing (reading 1 of 1)…',
      'For Excel (adds a byte-order mark so names keep their accents)',
    ]);
    expect(found.map((f) => f.split(' "')[0])).toEqual([
      'a Learn id',
      'a raw HTTP status',
      'a raw HTTP status',
      'a raw HTTP status',
      'a handler type',
      'an entitlement key',
      'an entitlement key',
      'a content hash',
      'an entitlement key',
      'a raw HTTP status',
      'a content hash',
      'an API path',
      'a technical counter',
      'a developer word',
    ]);
  });

  it('leaves plain words, file names with digits and a permission given with its Learn name alone', () => {
    expect(
      developerWordsIn([
        'Late for Ang Li at Lecture 4 (2 Sep)',
        'week_3_1.pdf',
        '404 students, 500 meetings',
        'Ask your Learn administrator for the permission to view attendance in courses (Learn name: course.attendance.VIEW).',
        'user.PDF',
        'Syncing (sent 1,200, 300 to go)…',
        '3 of 40 students marked',
        'Reading: What Is Psychology? (OpenStax Psychology 2e)',
        'PSYC-101-F26 · Introduction to Psychology',
        'Week 1 overview · Announcements/News',
        'AccessibilityReportFor2026',
      ]),
    ).toEqual([]);
  });
});
