// Sign-in calls (docs/auth-api.md): one-time codes, verification, the new
// reader's consent choices and Google. The session itself arrives as a cookie;
// what the screens keep is the pending code's UserPreAuthData.
import {
  codeResponseSchema,
  okResponseSchema,
  signInResponseSchema,
  verifyCodeResponseSchema,
  type CodeRequest,
  type CodeResponse,
  type MetadataRequest,
  type PreAuthData,
  type SignInResponse,
  type VerifyCodeResponse,
} from '@folio/core';
import { useMutation } from '@tanstack/react-query';
import { safeRedirect } from '../../shared/lib/auth-navigation.ts';
import { sendJson, withQuery } from '../../shared/lib/http.ts';
import { pendingCode } from '../../shared/lib/pending-code.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';

export function requestCode(destination: CodeRequest): Promise<CodeResponse> {
  return sendJson('POST', '/api/auth/code', codeResponseSchema, destination);
}

export function resendCode(pending: PreAuthData): Promise<CodeResponse> {
  return sendJson('POST', '/api/auth/code/resend', codeResponseSchema, pending);
}

export function verifyCode(
  pending: PreAuthData,
  userInputCode: string,
): Promise<VerifyCodeResponse> {
  return sendJson('POST', '/api/auth/verify-code', verifyCodeResponseSchema, {
    ...pending,
    userInputCode,
  });
}

export function saveSignUpMetadata(metadata: MetadataRequest): Promise<unknown> {
  return sendJson('PUT', '/api/auth/me/metadata', okResponseSchema, metadata);
}

export function signInWithOneTap(credential: string): Promise<SignInResponse> {
  return sendJson('POST', '/api/auth/one-tap', signInResponseSchema, { credential });
}

/** Where the browser goes to start Google's redirect sign-in. */
export function googleStartHref(redirectUrl: string): string {
  return withQuery('/api/auth/google/start', { redirectUrl });
}

export function rememberSocialRedirect(redirectUrl: string): void {
  sessionValue.set(SESSION_KEYS.socialLoginRedirect, redirectUrl);
}

/** The target a Google sign-in started with, read once. */
export function takeSocialRedirect(): string {
  const target = sessionValue.get(SESSION_KEYS.socialLoginRedirect);
  sessionValue.remove(SESSION_KEYS.socialLoginRedirect);
  return safeRedirect(target);
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode, onSuccess: pendingCode.keep });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode, onSuccess: pendingCode.keep });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: ({ pending, code }: { pending: PreAuthData; code: string }) =>
      verifyCode(pending, code),
  });
}

export function useSaveSignUpMetadata() {
  return useMutation({ mutationFn: saveSignUpMetadata });
}

export function useOneTapSignIn() {
  return useMutation({ mutationFn: signInWithOneTap });
}
