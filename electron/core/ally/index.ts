/** The Ally client: upload and reports (AllyClient), formats (AllyClient.formats), and what callers see of them. */
export { ALLY_BATCH_LIMIT, AllyClient, type AllyClientOptions, type AllyProgress, type InformationOptions, type UploadResult, type WaitOptions } from './ally-client';
export { createAllyHttpClient, type AllyConnectionOptions } from './ally-connection';
export { AllyFormats, type FormatCallOptions, type FormatProgress, type FormatWaitOptions, type SavedFormat } from './ally-formats';
export { ALLY_TOKEN_MAX_AGE_SECONDS, type AllyCredentials } from './ally-token';
export { DEFAULT_POLL_SCHEDULE, type PollSchedule } from './polling';
export { ALLY_FILE_TYPES, ALLY_MAX_FILE_BYTES, AllyFileRefusedError } from './upload-file';
export { formEncodedName, sha1Upper, vendorSampleHash, vendorSampleHashes } from './content-hash';
