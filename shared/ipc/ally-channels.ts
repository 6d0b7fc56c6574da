/**
 * IPC channels for Ally accessibility reports and alternative formats (issue 7). Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */
export const allyChannels = {} as const;
