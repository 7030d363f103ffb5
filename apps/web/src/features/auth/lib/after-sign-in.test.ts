import { describe, expect, it } from 'vitest';
import { afterCodeSignIn, afterOneTapSignIn, afterThirdPartySignIn } from './after-sign-in.ts';

const returning = {
  verificationMethod: 'mobile' as const,
  phoneNumber: '9876543210',
  createdNewRecipeUser: false,
};

describe('where a reader goes after signing in', () => {
  it('by code: a chosen plan leads to review, or to plans for a subscriber', () => {
    sessionStorage.setItem('selectedPlan', '{"id":7}');
    expect(afterCodeSignIn({ ...returning, createdNewRecipeUser: true }, '/profile')).toEqual({
      to: '/review',
    });
    sessionStorage.setItem('isSubscribed', 'true');
    expect(afterCodeSignIn(returning, '/profile')).toEqual({ to: '/subscribe' });
  });

  it('by code: otherwise the target, forgetting the subscription flow and paid status', () => {
    sessionStorage.setItem('isSubscriptionFlow', 'true');
    sessionStorage.setItem('user_paid_status', 'unpaid');
    expect(afterCodeSignIn(returning, undefined)).toEqual({ to: '/' });
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBeNull();
    expect(sessionStorage.getItem('user_paid_status')).toBeNull();
  });

  it('by Google: a subscription flow with a plan goes back to the plans without the plan', async () => {
    sessionStorage.setItem('selectedPlan', '{"id":7}');
    sessionStorage.setItem('isSubscriptionFlow', 'true');
    sessionStorage.setItem('ArchivalAccess', '30');
    expect(await afterThirdPartySignIn({ createdNewRecipeUser: false }, '/profile')).toEqual({
      to: '/subscribe',
    });
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    expect(sessionStorage.getItem('ArchivalAccess')).toBeNull();
  });

  it('by Google: a plan alone leads to review, a new reader to the welcome screen', async () => {
    sessionStorage.setItem('selectedPlan', '{"id":7}');
    expect(await afterThirdPartySignIn({ createdNewRecipeUser: false }, '/')).toEqual({
      to: '/review',
    });
    expect(
      await afterThirdPartySignIn({ createdNewRecipeUser: true, email: 'a@b.in' }, '/x'),
    ).toEqual({
      to: '/auth/authenticate',
      state: {
        isNewUser: true,
        verificationMethod: 'email',
        email: 'a@b.in',
        redirectAfterOTP: '/x',
      },
    });
  });

  it('by One Tap: a paying reader drops a chosen plan and goes to /', () => {
    sessionStorage.setItem('selectedPlan', '{"id":7}');
    sessionStorage.setItem('user_paid_status', 'paid');
    expect(afterOneTapSignIn({ createdNewRecipeUser: false })).toEqual({ to: '/' });
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('by One Tap: the subscription flow, then a chosen plan, decide the way on', () => {
    sessionStorage.setItem('isSubscriptionFlow', 'true');
    expect(afterOneTapSignIn({ createdNewRecipeUser: false })).toEqual({ to: '/subscribe' });
    sessionStorage.removeItem('isSubscriptionFlow');
    sessionStorage.setItem('selectedPlan', '{"id":7}');
    expect(afterOneTapSignIn({ createdNewRecipeUser: false })).toEqual({ to: '/review' });
  });
});
