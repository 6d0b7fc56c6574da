/** Sign-in to Learn: what hosts and the other core modules use (see each file's comments). */
export { SignInRequiredError, type AccessTokenProvider } from './access-token';
export { authorizationUrl, DEFAULT_SIGN_IN_TIMEOUT_MS, type OpenExternal } from './authorization-flow';
export { DeploymentFile, DeploymentFileError, parseDeployment, readDeploymentFile, rememberApplication, type ApplicationRegistration } from './deployment-file';
export { FileVault } from './file-vault';
export { DEFAULT_REFRESH_MARGIN_MS, DEFAULT_SCOPES, LearnSession, type LearnSessionOptions } from './learn-session';
export { learnSite, type LearnSite } from './learn-site';
export type { SessionEvents, SessionState } from './session-state';
export { SignInError, type SignInProblem } from './sign-in-error';
export { SystemTokenProvider, type SystemTokenProviderOptions } from './system-token-provider';
export type { TokenEndpointOptions, TokenFetch } from './token-endpoint';
export { VaultUnavailableError, type SecretName, type TokenVault } from './token-vault';
