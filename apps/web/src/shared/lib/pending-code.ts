// The one-time code waiting to be entered (spec 1 §3 UserPreAuthData): written by
// whoever asked for it (the code screen, the profile, the welcome popup) and
// read by the code screen, so it lives in shared code.
import { AUTH_MESSAGES, preAuthDataSchema, type PreAuthData } from '@folio/core';
import { SESSION_KEYS, sessionValue } from './session-keys.ts';

export const pendingCode = {
  /** The pending code, or the spec's reason it cannot be used (spec 1 §5, §8 "Profile OTP"). */
  lookup(): { pending: PreAuthData } | { problem: string } {
    if (sessionValue.get(SESSION_KEYS.userPreAuthData) === null) {
      return { problem: AUTH_MESSAGES.loginAttemptNotFound };
    }
    const pending = sessionValue.getJson(SESSION_KEYS.userPreAuthData, preAuthDataSchema);
    return pending ? { pending } : { problem: AUTH_MESSAGES.missingAuthData };
  },
  /** Keeps only the two ids of a code answer; the rest describes the send, not the attempt. */
  keep(answer: PreAuthData): void {
    sessionValue.setJson(SESSION_KEYS.userPreAuthData, {
      preAuthSessionId: answer.preAuthSessionId,
      deviceId: answer.deviceId,
    });
  },
  forget(): void {
    sessionValue.remove(SESSION_KEYS.userPreAuthData);
  },
};
