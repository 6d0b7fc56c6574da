import { describe, expect, it } from 'vitest';
import { filesInBody, ultraFromItems } from '../../electron/core/app/document-body-files';
import type { Content } from '../../shared/api/content';

/** Reading an Ultra document's files from its body, in the forms the vendor's pages show. */
describe('filesInBody', () => {
  it('reads the vendor attachment sample: an absolute bbcswebdav link with an entity-encoded data-bbfile', () => {
    const body =
      '<!-- {"bbMLEditorVersion":1} -->\n<a href="https://bd-partner-a-ultra.blackboard.com/bbcswebdav/xid-23611_1" data-bbfile="{&quot;render&quot;:&quot;inline&quot;,&quot;linkName&quot;:&quot;2016.03.BlackboardPartnerUpdate.pdf&quot;,&quot;mimeType&quot;:&quot;application/pdf&quot;}">2016.03.BlackboardPartnerUpdate.pdf</a>';
    expect(filesInBody(body)).toEqual([{ ref: 'xid-23611_1', fileName: '2016.03.BlackboardPartnerUpdate.pdf', mimeType: 'application/pdf' }]);
  });

  it('reads the Swagger example’s stub form and single-quoted JSON, each file once, and skips plain links', () => {
    const body = [
      `<p><a href="@X@EmbeddedFile.requestUrlStub@X@bbcswebdav/xid-1217_1" data-bbfile='{"render":"inline","linkName":"Week 1 notes.docx","mimeType":"application/vnd.openxmlformats-officedocument.wordprocessingml.document"}'>Week 1 notes</a></p>`,
      '<p><a href="@X@EmbeddedFile.requestUrlStub@X@bbcswebdav/xid-1217_1" data-bbfile="{&quot;linkName&quot;:&quot;Week 1 notes.docx&quot;}">again</a></p>',
      '<p><a href="https://www.blackboard.com">Blackboard</a></p>',
    ].join('');
    expect(filesInBody(body)).toEqual([{ ref: 'xid-1217_1', fileName: 'Week 1 notes.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }]);
  });

  it('survives a damaged data-bbfile, naming the file from its link', () => {
    expect(filesInBody('<a data-bbfile="{not json" href="/bbcswebdav/courses/X/Lab%20guide.pdf">x</a>')).toEqual([{ ref: '/bbcswebdav/courses/X/Lab%20guide.pdf', fileName: 'Lab guide.pdf', mimeType: 'application/octet-stream' }]);
    expect(filesInBody(null)).toEqual([]);
  });
});

describe('ultraFromItems', () => {
  const item = (handler: Record<string, unknown>, href?: string): Content => ({ id: '_1_1', title: 't', contentHandler: handler, ...(href ? { links: [{ href, rel: 'alternate' }] } : {}) }) as Content;
  it('tells Ultra from Classic by what only Ultra has, else by the interface link, else not at all', () => {
    expect(ultraFromItems([item({ id: 'resource/x-bb-document' }), item({ id: 'resource/x-bb-asmt-test-link' })])).toBe(true);
    expect(ultraFromItems([item({ id: 'resource/x-bb-folder', isBbPage: true })])).toBe(true);
    expect(ultraFromItems([item({ id: 'resource/x-bb-document' }, '/ultra/redirect?redirectType=nautilus&courseId=_1_1&contentId=_2_1')])).toBe(true);
    expect(ultraFromItems([item({ id: 'resource/x-bb-document' }, '/webapps/blackboard/content/listContent.jsp?course_id=_1_1')])).toBe(false);
    expect(ultraFromItems([item({ id: 'resource/x-bb-document' })])).toBeUndefined();
  });
});
