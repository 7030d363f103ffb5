// The contact a mandate still needs (issue 23 part 5): Razorpay declines a
// recurring payment without both an e-mail and a mobile number, and a reader signs
// in with one of them. Review asks for the missing one with the profile's rules and
// words; checkout gives it to the payment provider only, the profile is unchanged.
import { profileEmailSchema, profilePhoneSchema, withCountryPrefix, type Quote } from '@folio/core';

export type ContactNeeded = NonNullable<Quote['contact_needed']>;

/** As checkoutRequestSchema takes it: the mobile number with +91, or the e-mail. */
export type BillingContact = { phoneNumber: string } | { email: string };

/** The typed value as checkout sends it, or the profile's message for why it cannot be. */
export function billingContactOf(
  kind: ContactNeeded,
  draft: string,
): { contact: BillingContact } | { error: string } {
  if (kind === 'phone') {
    const phone = profilePhoneSchema.safeParse(draft);
    return phone.success
      ? { contact: { phoneNumber: withCountryPrefix(phone.data) } }
      : { error: phone.error.issues[0]?.message ?? '' };
  }
  const email = profileEmailSchema.safeParse(draft);
  return email.success
    ? { contact: { email: email.data } }
    : { error: email.error.issues[0]?.message ?? '' };
}
