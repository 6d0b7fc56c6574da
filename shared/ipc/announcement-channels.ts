/**
 * IPC channels for system announcements (issue 7). Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */
export const announcementChannels = {} as const;
