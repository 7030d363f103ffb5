// Profile calls (docs/auth-api.md "Account", "Preferences"; spec 1 §7): the name,
// a new phone number or e-mail (each confirmed by a code), the preferred edition,
// turning the welcome popup off, turning a subscription's renewal off, and the
// reader's invoices (issue 27 part 6).
import {
  cancelResponseSchema,
  codeResponseSchema,
  okResponseSchema,
  preferencesSchema,
  readerInvoicesSchema,
  updateNameResponseSchema,
  withCountryPrefix,
  type CodeResponse,
  type Preferences,
} from '@folio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_ME_KEY } from '../../shared/api/auth-session.ts';
import { PREFERENCES_KEY, preferencesQueryOptions } from '../../shared/api/preferences.ts';
import { getJson, sendJson } from '../../shared/lib/http.ts';
import { pendingCode } from '../../shared/lib/pending-code.ts';

export function updateName(firstName: string): Promise<unknown> {
  return sendJson('PUT', '/api/auth/me', updateNameResponseSchema, { first_name: firstName });
}

/** Asks for a code to the new number (ten digits); the answer starts a code flow. */
export function changePhoneNumber(tenDigits: string): Promise<CodeResponse> {
  return sendJson('POST', '/api/auth/change-phone-number', codeResponseSchema, {
    phoneNumber: withCountryPrefix(tenDigits),
  });
}

export function changeEmail(email: string): Promise<CodeResponse> {
  return sendJson('POST', '/api/auth/change-email', codeResponseSchema, { email });
}

export function updatePreferredEdition(editionNumber: number): Promise<Preferences> {
  return sendJson('PATCH', '/api/users/preferences', preferencesSchema, {
    dh_preferred_edition_id: editionNumber,
  });
}

export function disableWelcomePopup(): Promise<unknown> {
  return sendJson('POST', '/api/users/disable-welcome-popup', okResponseSchema);
}

export function useUpdateName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: () => client.invalidateQueries({ queryKey: AUTH_ME_KEY }),
  });
}

/** Both change calls keep their answer as the pending code the code screen verifies. */
export function useChangeContact() {
  return useMutation({
    mutationFn: (change: { phoneNumber: string } | { email: string }) =>
      'phoneNumber' in change ? changePhoneNumber(change.phoneNumber) : changeEmail(change.email),
    onSuccess: (answer) => pendingCode.keep(answer),
  });
}

export function useUpdatePreferredEdition(publisher: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePreferredEdition,
    // The answer is the stored preferences, so it replaces the cached copy as is.
    onSuccess: (preferences) =>
      client.setQueryData(preferencesQueryOptions(publisher).queryKey, preferences),
  });
}

export function useDisableWelcomePopup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableWelcomePopup,
    onSuccess: () => client.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });
}

export interface CancelRenewal {
  /** The brand the subscription is for, as the content calls name it. */
  publisher: string;
  subscriptionId: number;
  reason: string;
  /** The reader's own words, sent only with the reason Others. */
  message?: string;
}

/** Turns auto-renewal off (spec 2 §4 "Cancel auto-renewal"); answers the date access ends. */
export function cancelRenewal({ publisher, subscriptionId, reason, message }: CancelRenewal) {
  return sendJson(
    'PUT',
    `/api/subscriptions/${subscriptionId}/cancel`,
    cancelResponseSchema,
    { reason, ...(message === undefined ? {} : { message }) },
    { query: { publisher } },
  );
}

export function useCancelRenewal() {
  return useMutation({ mutationFn: cancelRenewal });
}

/** The reader's invoices for the brand, newest first; a purchase adds one a moment after it returns. */
export function useReaderInvoices(publisher: string) {
  return useQuery({
    queryKey: ['subscriptions', 'invoices', publisher],
    queryFn: ({ signal }) =>
      getJson('/api/subscriptions/invoices', readerInvoicesSchema, {
        query: { publisher },
        signal,
      }),
  });
}
