import { describe, expect, it } from 'vitest';
import { ApiError, parseErrorBody } from '../../electron/core/http/api-error';
import { describeFailure, plainFailure } from '../../electron/core/http/failure-text';

/**
 * What a screen shows for a failed call to Learn: plain words and what to do;
 * the operation's ids, the status and Learn's words in ids stay in the error's message (Details).
 */
const learnError = (status: number, message: string): ApiError =>
  new ApiError({
    kind: 'http',
    status,
    body: parseErrorBody(JSON.stringify({ status, message })),
    message: `Could not open course _12_1: Learn answered ${status} ("${message}").`,
    method: 'GET',
    url: 'https://learn.example.edu/learn/api/public/v3/courses/_12_1',
    operation: 'open course _12_1',
  });

describe('a failed call in plain words', () => {
  it('keeps Learn\'s advice, drops its ids and names kinds of item in words', () => {
    const text = plainFailure(learnError(400, "In Classic course HIST-310 only folders may be created at the top level; 'Notes' (_55_1) is a resource/x-bb-document"));
    expect(text).toBe(`Learn did not do it. Learn said: "In Classic course HIST-310 only folders may be created at the top level; 'Notes' is a document". Learn refused the request as invalid; check the values entered.`);
  });

  it('names the permission a role lacks in words, without its key', () => {
    expect(plainFailure(learnError(403, 'User does not have the entitlement course.attendance.VIEW'))).toBe(
      'Learn did not do it: your role lacks the permission to view attendance in courses. Ask your Learn administrator for it.',
    );
  });

  it('leaves out a message that still speaks in ids, and never shows the status or the operation', () => {
    const error = learnError(404, 'Content _55_1 not found in course _12_1');
    const text = plainFailure(error);
    expect(text).toBe('Learn did not do it. It may have been deleted or moved in Learn; refresh and try again.');
    expect(text).not.toMatch(/404|_\d+_\d+/);
    expect(error.message).toContain('404');
  });

  it('says what to do when the network fails, without the operation', () => {
    const error = new ApiError({ kind: 'network', message: 'Could not list the meetings of _12_1: no connection to Learn.', method: 'GET', url: 'https://learn.example.edu/', operation: 'list the meetings of _12_1' });
    expect(plainFailure(error)).toBe('No connection to Learn. Check your network connection and try again.');
  });

  it('tells a proxy that failed in words, its status and the connection code only in Details', () => {
    const proxy = { kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'HTTPS_PROXY' } as const;
    for (const problem of [{ ...proxy, status: 502 }, { ...proxy, status: 407 }, { ...proxy, status: 403 }, { ...proxy, code: 'ENOTFOUND' }] as const) {
      const error = new ApiError({
        kind: 'network',
        problem,
        message: describeFailure({ kind: 'network', service: 'Learn', operation: 'list your courses', method: 'GET', problem }),
        method: 'GET',
        url: 'https://learn.example.edu/',
        operation: 'list your courses',
      });
      const text = plainFailure(error);
      expect(text).toMatch(/^The proxy server http:\/\/proxy\.school\.edu:3128 \(from HTTPS_PROXY\) /);
      expect(text).not.toMatch(/\b(?:502|407|403|ENOTFOUND)\b/);
      expect(error.message).toMatch(/\((?:it answered )?(?:502|407|403|ENOTFOUND)\)/);
    }
  });
});
