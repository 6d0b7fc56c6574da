import type { HelpPageId } from './page-ids';

export type { HelpPageId } from './page-ids';

/** A part of a page: a heading (optional), paragraphs, and numbered steps when order matters. */
export interface HelpSection {
  heading?: string;
  paragraphs?: readonly string[];
  steps?: readonly string[];
}

export interface HelpPage {
  id: HelpPageId;
  title: string;
  /** One line, shown in the list of pages. */
  summary: string;
  sections: readonly HelpSection[];
}
