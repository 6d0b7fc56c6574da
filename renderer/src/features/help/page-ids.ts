/**
 * The Help pages by their address (`#/help/photos`): known at start, so an address or a link can
 * name a page while the pages' words stay in the Help screen's own chunk (pages.ts).
 */
export const HELP_PAGE_IDS = ['offline-roll', 'sync-words', 'import', 'request-budget', 'photos', 'sign-out'] as const;
export type HelpPageId = (typeof HELP_PAGE_IDS)[number];
