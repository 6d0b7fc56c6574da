import { describe, expect, it } from 'vitest';
import { formEncodedName, sha1Upper, vendorSampleHash, vendorSampleHashes } from '../../electron/core/ally';
import { ContentInformation, FormatGenerationStatus, ProcessingStatus } from '../../shared/api/ally';
import { allyChannels } from '../../shared/ipc/ally-channels';

/**
 * Ally's content hashes as the vendor samples show them, and the readers' tolerance of what a
 * real service writes ("Why" items 2 and 6).
 */
describe("the vendor samples' hash form", () => {
  it('rebuilds the get-feedback.md sample hash from its name, SHA-1 and type', () => {
    const sample = 'Mi4gSGVhZGluZ3NfdGFnZ2VkX2luY29ycmVjdGx5LnBkZjo4NkE3NEJGOTUxRDA2NEM4Qzk1ODUyMDI0NEQ0REJBNkM4RDdGRjJCOmFwcGxpY2F0aW9uL3BkZg==';
    expect(vendorSampleHash('2. Headings_tagged_incorrectly.pdf', '86A74BF951D064C8C958520244D4DBA6C8D7FF2B', 'application/pdf')).toBe(sample);
  });

  it('rebuilds the ui-integration.md sample, whose name is form-encoded (spaces as +)', () => {
    const sample = 'QWxseSstK09uZStQYWdlcistK0hpZ2hlcitFZCstK0dlbmVyYWwucGRmOjM0QURFNDE2NzNDRUJBNUIyRjc2MDI3N0IxOEYwNTdERDY1MDczQzg6YXBwbGljYXRpb24vcGRm';
    expect(formEncodedName('Ally - One Pager - Higher Ed - General.pdf')).toBe('Ally+-+One+Pager+-+Higher+Ed+-+General.pdf');
    expect(vendorSampleHash(formEncodedName('Ally - One Pager - Higher Ed - General.pdf'), '34ADE41673CEBA5B2F760277B18F057DD65073C8', 'application/pdf')).toBe(sample);
  });

  it("tries the name as Learn gives it and form-encoded, with Learn's type and the extension's", () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 a handout');
    const sha1 = sha1Upper(bytes);
    expect(sha1).toMatch(/^[0-9A-F]{40}$/);
    const tried = vendorSampleHashes({ fileName: 'Week 1 notes.pdf', mimeType: 'application/octet-stream' }, bytes);
    expect(tried[0]).toBe(vendorSampleHash('Week 1 notes.pdf', sha1, 'application/octet-stream'));
    expect(tried).toEqual(expect.arrayContaining([vendorSampleHash('Week+1+notes.pdf', sha1, 'application/octet-stream'), vendorSampleHash('Week 1 notes.pdf', sha1, 'application/pdf'), vendorSampleHash('Week+1+notes.pdf', sha1, 'application/pdf')]));
    expect(tried).toHaveLength(4);
    // A name with nothing to encode and a type that agrees: one hash.
    expect(vendorSampleHashes({ fileName: 'notes.pdf', mimeType: 'application/pdf' }, bytes)).toHaveLength(1);
  });

  it('lets any hash Ally issues cross IPC, base64 characters included', () => {
    const request = allyChannels['ally.formatStatus'].request;
    expect(request.safeParse({ hash: 'QWxseSstK09uZS/+PQ==', format: 'Html' }).success).toBe(true);
    expect(request.safeParse({ hash: 'e353668944734cd81aeec715c7c10e94766b4e5c6d8f1a2b3c4d5e6f7a8b9c0d', format: 'Html' }).success).toBe(true);
    expect(request.safeParse({ hash: '', format: 'Html' }).success).toBe(false);
    expect(request.safeParse({ hash: 'a\nb', format: 'Html' }).success).toBe(false);
  });
});

describe("the readers take Ally's nulls and missing fields", () => {
  it('reads a pending format status without downloadUrl, or with null', () => {
    expect(FormatGenerationStatus.parse({ status: 'pending', statusUrl: '/api/v2/clients/1/content/abc/formats/Html/status' })).toMatchObject({ status: 'pending' });
    expect(FormatGenerationStatus.parse({ status: 'inprogress', statusUrl: '/s', downloadUrl: null }).downloadUrl).toBeUndefined();
    expect(FormatGenerationStatus.parse({ status: 'success', statusUrl: '/s', downloadUrl: '/d' }).downloadUrl).toBe('/d');
  });

  it('reads content information whose optional fields are null', () => {
    const info = ContentInformation.parse({
      hash: 'Mi4gSGVhZGluZ3M=',
      feedback: { score: null, visibility: 'medium', report: { score: 0.5, results: { Title: { score: 1, snippets: null, detectedLanguage: null } }, suggestions: null } },
      formats: { availableFormats: ['Html'], available: true, canToggleAvailability: null, visibility: null },
      metadata: { name: 'a.pdf', fileType: 'pdf', mimeType: 'application/pdf', decorative: null, description: null, isVersioned: null, isSeizureInducing: null, libraryReference: null },
    });
    expect(info.metadata.isSeizureInducing).toBeUndefined();
    expect(info.feedback?.score).toBe(0.5);
    expect(info.feedback?.report.suggestions).toEqual({});
    expect(info.formats?.canToggleAvailability).toBeUndefined();
  });

  it('reads a processing status whose message is null', () => {
    expect(ProcessingStatus.parse({ hash: 'x', status: 'failed', statusUrl: '/s', resourceUrl: null, message: null }).message).toBeUndefined();
  });
});
