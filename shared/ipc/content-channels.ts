/**
 * IPC channels for content, adaptive release and assignments (issue 7). Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */
export const contentChannels = {} as const;
