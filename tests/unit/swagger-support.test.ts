import { describe, expect, it } from 'vitest';
import { findSwaggerPath, validateAgainstSwagger } from '../support/swagger';

// The contract tests lean on this validator; prove it finds operations and rejects wrong shapes.
describe('Swagger validator used by the contract tests', () => {
  it('prefers the literal bulk path over the {userId} template', () => {
    expect(findSwaggerPath('POST', '/learn/api/public/v1/courses/_1_1/meetings/12/users/bulk')).toBe(
      '/learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/bulk',
    );
    expect(findSwaggerPath('GET', '/learn/api/public/v1/courses/_1_1/meetings/12/users/_5_1')).toBe(
      '/learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/{userId}',
    );
  });

  it('accepts a well-formed user and rejects a user whose id is a number', () => {
    const good = validateAgainstSwagger('GET', '/learn/api/public/v1/users/_5_1', 200, { id: '_5_1', userName: 'jdoe', name: { given: 'J', family: 'Doe' } });
    expect(good).toEqual({ checked: true, errors: [] });
    const bad = validateAgainstSwagger('GET', '/learn/api/public/v1/users/_5_1', 200, { id: 5 });
    expect(bad.checked && bad.errors.length).toBeGreaterThan(0);
  });

  it('says so when the file has no operation for a path', () => {
    expect(validateAgainstSwagger('GET', '/learn/api/public/v1/nope', 200, {}).checked).toBe(false);
  });
});
