/** The one HTTP client, its error type, retry policy and base-URL rule (see each file's comments). */
export { HttpClient, type HttpClientOptions, type HttpMethod, type HttpRequest, type HttpResponse, type RetryEvent } from './http-client';
export { ApiError, parseErrorBody, type ApiErrorBody, type ApiErrorKind } from './api-error';
export { BaseUrlError, isLoopbackHost, joinUrl, parseBaseUrl, urlForDisplay } from './base-url';
export { DEFAULT_RETRY_POLICY, backoffDelay, decideRetry, isSafeToRepeat, parseRetryAfter, type RetryPolicy } from './retry-policy';
