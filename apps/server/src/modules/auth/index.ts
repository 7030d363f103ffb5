// The auth module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export {
  askAuth,
  currentViewer,
  requireSignIn,
  sendWebResponse,
  signedInViewer,
} from './auth-bridge.ts';
export { SECOND_FACTOR_PATHS } from './staff-second-factor.ts';
export { createFolioAuth, type FolioAuth } from './auth-module.ts';
export { type ContactChange, type ContactChanges } from './contact-changes.ts';
export { GoogleIdentity } from './google-identity.ts';
export { OtpRepo } from './otp-repo.ts';
export { OtpService, type IssuedCode, type VerifiedChallenge } from './otp-service.ts';
export { RedisRateLimits } from './redis-rate-limits.ts';
export { KeyedHash, deriveKey, resolveAuthSecret } from './secrets.ts';
export { type Viewer } from './sessions.ts';
export { signInRoutes } from './sign-in-routes.ts';
export { UserDirectory, isUniqueViolation, type Reader } from './users.ts';
