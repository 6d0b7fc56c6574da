import type { DEMO_COURSES } from '../modules/institution';

/**
 * The demo course files: each appears as a file item in its course's content tree (content module)
 * and is known to Ally with a report computed from its bytes (Ally module). The accessibility
 * profile says what the generated file lacks, so reports differ believably from file to file.
 * The bytes are generated from the profile by `demoFileContent(name)` in sandbox/modules/ally.ts
 * (bytes, SHA-256 content hash, report); they do not depend on the seed.
 */
export interface DemoFileProfile {
  /** PDF with a structure (tag) tree. */
  tagged?: boolean;
  /** Document title set in its metadata. */
  title?: boolean;
  /** Document language declared. */
  language?: boolean;
  /** Images carry alternative text. */
  altText?: boolean;
  /** Headings present and in order. */
  headings?: boolean;
  /** Text layer present (false: a scanned image). */
  text?: boolean;
  /** Low-contrast text somewhere. */
  lowContrast?: boolean;
  /** Tables have header rows. */
  tableHeaders?: boolean;
}

export interface DemoFile {
  name: string;
  mimeType: string;
  course: keyof typeof DEMO_COURSES;
  /** Folder title in the content tree the file sits in. */
  folder: string;
  /**
   * Set for a file an Ultra document links from its body (the document of this title in `folder`)
   * rather than a file item: where Ultra keeps a document's files (docs/api-notes/ally.md "Files of Ultra documents").
   */
  inDocument?: string;
  profile: DemoFileProfile;
}

export const DEMO_FILES: readonly DemoFile[] = [
  { name: 'Syllabus PSYC 101 Fall 2026.pdf', mimeType: 'application/pdf', course: 'lecture', folder: 'Start Here', profile: { tagged: true, title: true, language: true, altText: true, headings: true, text: true, tableHeaders: true } },
  { name: 'Week 1 - What is Psychology.pdf', mimeType: 'application/pdf', course: 'lecture', folder: 'Week 1', profile: { tagged: false, title: true, language: true, altText: false, headings: false, text: true } },
  { name: 'Week 2 - Research Methods (scanned).pdf', mimeType: 'application/pdf', course: 'lecture', folder: 'Week 2', profile: { tagged: false, title: false, language: false, text: false } },
  { name: 'Brain anatomy diagram.png', mimeType: 'image/png', course: 'lecture', folder: 'Week 2', profile: { lowContrast: true } },
  { name: 'Reading guide - Atlantic World.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', course: 'seminar', folder: 'Readings', profile: { title: true, language: true, headings: true, altText: true, tableHeaders: false } },
  { name: 'Primary sources 1492-1600.pdf', mimeType: 'application/pdf', course: 'seminar', folder: 'Readings', profile: { tagged: true, title: false, language: true, altText: false, headings: true, text: true, lowContrast: true } },
  { name: 'Lab safety rules.html', mimeType: 'text/html', course: 'classic', folder: 'Lab Manual', profile: { title: true, language: false, headings: true, altText: true, tableHeaders: false } },
  { name: 'Titration worksheet.pdf', mimeType: 'application/pdf', course: 'classic', folder: 'Lab Manual', profile: { tagged: true, title: true, language: true, altText: true, headings: true, text: true, tableHeaders: false } },
  { name: 'Cell membrane lecture slides.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', course: 'ultra', folder: 'Unit 1: Membranes', profile: { title: true, language: true, altText: false, headings: true } },
  { name: 'Microscopy lab worksheet.pdf', mimeType: 'application/pdf', course: 'ultra', folder: 'Lab pairs', inDocument: 'Lab pair worksheets', profile: { tagged: true, title: true, language: true, altText: false, headings: true, text: true, tableHeaders: false } },
  { name: 'Mitosis study guide.pdf', mimeType: 'application/pdf', course: 'ultra', folder: 'Unit 2: Cell Division', profile: { tagged: true, title: true, language: false, altText: true, headings: false, text: true } },
];
