/**
 * IPC channels for files the user saves through the host (CSV exports: a save dialog on the desktop). Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */
export const fileChannels = {} as const;
