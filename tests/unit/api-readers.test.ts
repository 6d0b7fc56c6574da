import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/common';
import { AttendanceRecord, Meeting } from '../../shared/api/attendance';
import { TokenResponse } from '../../shared/api/oauth';
import { AllyFeedback, BatchContentInformation, ProcessingStatus } from '../../shared/api/ally';

// The app's readers accept what the real services vary on, and refuse what would corrupt data.
describe('tolerant API readers', () => {
  it('reads an error status given as a number or as a string', () => {
    expect(ErrorBody.parse({ status: 404, message: 'Could not find object with ID: x' }).status).toBe(404);
    expect(ErrorBody.parse({ status: '409', code: 'conflict', message: 'exists' }).status).toBe(409);
  });

  it("reads a record's meetingId as a number or a string, always as a string", () => {
    const base = { id: 50001, userId: '_12_1', status: 'Present' };
    expect(AttendanceRecord.parse({ ...base, meetingId: 1001 }).meetingId).toBe('1001');
    expect(AttendanceRecord.parse({ ...base, meetingId: '1001' }).meetingId).toBe('1001');
  });

  it('keeps an attendance status a later Learn adds, as its word', () => {
    expect(AttendanceRecord.parse({ id: 1, meetingId: '1', userId: '_1_1', status: 'Tardy' }).status).toBe('Tardy');
    expect(AttendanceRecord.safeParse({ id: 1, meetingId: '1', userId: '_1_1', status: 7 }).success).toBe(false);
  });

  it('reads a meeting made in the Learn UI, which lists with only id, courseId, start and end', () => {
    const m = Meeting.parse({ id: 1001, courseId: '_5_1', start: '2026-09-02T14:00:00.000Z', end: null });
    expect(m.id).toBe(1001);
  });

  it("reads token_type in any case, and refuses a token that isn't a bearer token", () => {
    expect(TokenResponse.parse({ access_token: 'a', token_type: 'Bearer', expires_in: 3599 }).token_type).toBe('bearer');
    expect(TokenResponse.safeParse({ access_token: 'a', token_type: 'mac', expires_in: 3599 }).success).toBe(false);
  });

  it("reads Ally's in_progress spelling as inprogress", () => {
    expect(ProcessingStatus.parse({ hash: 'h', status: 'in_progress', statusUrl: '/s', resourceUrl: null }).status).toBe('inprogress');
  });

  it('reads the Ally overall score from the feedback or from the report', () => {
    const report = { results: {}, suggestions: {} };
    expect(AllyFeedback.parse({ visibility: 'low', score: 0.4, report }).score).toBe(0.4);
    expect(AllyFeedback.parse({ visibility: 'low', report: { ...report, score: 0.7 } }).score).toBe(0.7);
  });

  it('reads an Ally batch wrapped in {reports} or bare, keeping nulls in request order', () => {
    const info = { hash: 'a', feedback: null, formats: null, metadata: { name: 'x.pdf', fileType: 'pdf', mimeType: 'application/pdf', isVersioned: false } };
    expect(BatchContentInformation.parse({ reports: [info, null] })).toHaveLength(2);
    const bare = BatchContentInformation.parse([null, info]);
    expect(bare[0]).toBeNull();
    expect(bare[1]?.hash).toBe('a');
  });
});
