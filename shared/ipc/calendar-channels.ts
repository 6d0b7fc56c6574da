/**
 * IPC channels for calendar items across the user's courses (issue 7). Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */
export const calendarChannels = {} as const;
