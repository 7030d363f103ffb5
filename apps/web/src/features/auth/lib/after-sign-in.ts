// Where a reader goes once signed in, for each way of signing in (spec 1 §4 "One-time
// code flow", spec 2 §4 "After third-party login" and "One Tap login"). Pure
// decisions over what the app knows; the screens carry them out.
import {
  AUTH_PATHS,
  safeRedirect,
  type AuthenticateState,
  type VerificationMethod,
} from '../../../shared/lib/auth-navigation.ts';
import {
  hasSelectedPlan,
  SESSION_KEYS,
  sessionValue,
  storedIsSubscribed,
} from '../../../shared/lib/session-keys.ts';

/** Spec 1 §9: the pause between refreshing the account and moving on. */
export const POST_LOGIN_WAIT_MS = 500;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Destination {
  to: string;
  state?: AuthenticateState;
}

export interface NewReader {
  verificationMethod: VerificationMethod;
  phoneNumber?: string;
  email?: string;
}

function welcomeNewReader(reader: NewReader, redirect: string): Destination {
  return {
    to: AUTH_PATHS.authenticate,
    state: { isNewUser: true, ...reader, redirectAfterOTP: redirect },
  };
}

/** After a one-time code signed the reader in (the profile and popup flows are handled apart). */
export function afterCodeSignIn(
  reader: NewReader & { createdNewRecipeUser: boolean },
  redirectAfterOTP: string | undefined,
): Destination {
  const redirect = safeRedirect(redirectAfterOTP);
  if (hasSelectedPlan()) {
    return { to: storedIsSubscribed() ? AUTH_PATHS.subscribe : AUTH_PATHS.review };
  }
  if (reader.createdNewRecipeUser) {
    const { verificationMethod, phoneNumber, email } = reader;
    return welcomeNewReader({ verificationMethod, phoneNumber, email }, redirect);
  }
  sessionValue.remove(SESSION_KEYS.isSubscriptionFlow);
  sessionValue.remove(SESSION_KEYS.userPaidStatus);
  return { to: redirect };
}

/**
 * After Google's redirect sign-in. A returning reader's paid status and
 * subscription are looked up afresh, so the stored copies go.
 */
export async function afterThirdPartySignIn(
  reader: { createdNewRecipeUser: boolean; email?: string },
  redirectUrl: string,
): Promise<Destination> {
  const redirect = safeRedirect(redirectUrl);
  if (reader.createdNewRecipeUser) {
    return welcomeNewReader({ verificationMethod: 'email', email: reader.email }, redirect);
  }
  sessionValue.remove(SESSION_KEYS.userPaidStatus);
  sessionValue.remove(SESSION_KEYS.subscriptionData);
  sessionValue.remove(SESSION_KEYS.archivalAccess);
  const plan = hasSelectedPlan();
  if (plan && sessionValue.get(SESSION_KEYS.isSubscriptionFlow) !== null) {
    sessionValue.remove(SESSION_KEYS.selectedPlan);
    await wait(POST_LOGIN_WAIT_MS);
    return { to: AUTH_PATHS.subscribe };
  }
  if (plan) return { to: AUTH_PATHS.review };
  return { to: redirect };
}

/** After a One Tap sign-in, which happens on whatever screen the prompt appeared over. */
export function afterOneTapSignIn(reader: {
  createdNewRecipeUser: boolean;
  email?: string;
}): Destination {
  if (reader.createdNewRecipeUser) {
    return welcomeNewReader({ verificationMethod: 'email', email: reader.email }, '/');
  }
  const paid = sessionValue.get(SESSION_KEYS.userPaidStatus) === 'paid' || storedIsSubscribed();
  if (paid) {
    sessionValue.remove(SESSION_KEYS.selectedPlan);
    return { to: '/' };
  }
  if (sessionValue.get(SESSION_KEYS.isSubscriptionFlow) !== null)
    return { to: AUTH_PATHS.subscribe };
  if (hasSelectedPlan()) return { to: AUTH_PATHS.review };
  return { to: '/' };
}
