// Decides when the welcome popup appears (spec 1 §4 "Welcome popup"): once per
// session, to a signed-in subscriber (as the server's subscription state says)
// whose preferences still ask for it, and only on the paper or the profile: never
// over a sign-in, checkout or payment-result screen, so "Payment Successful!" stays
// readable for its 5 seconds and the popup opens on the paper it leads to (issue 25
// part 2). Saving a missing phone number or e-mail goes through the code screen
// (fromPopup).
import { AUTH_MESSAGES } from '@folio/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useAuth } from '../../shared/api/auth-session.ts';
import { useEditionGroups } from '../../shared/api/editions.ts';
import { usePreferences } from '../../shared/api/preferences.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { AUTH_PATHS, type VerificationMethod } from '../../shared/lib/auth-navigation.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import {
  useChangeContact,
  useDisableWelcomePopup,
  useUpdateName,
  useUpdatePreferredEdition,
} from './api.ts';
import { WelcomePopup, type WelcomeAnswers } from './components/welcome-popup.tsx';

/** The paper (`/` and the edition-number paths such as /2) and the profile. */
function welcomeMayOpenOn(pathname: string): boolean {
  return pathname === '/' || /^\/\d+$/.test(pathname) || pathname === AUTH_PATHS.profile;
}

const serverSaid = (failure: unknown, fallback: string) =>
  isApiError(failure) && failure.status >= 400 && failure.status < 500 ? failure.message : fallback;

export function WelcomePopupHost() {
  const { brand, publisher } = useAppConfig();
  const { user } = useAuth();
  const { entitlement } = useEntitlement(publisher);
  const location = useLocation();
  const navigate = useNavigate();
  // Only a subscriber who has not seen it this session could get the popup; nobody
  // else should cost a preferences or editions call.
  const eligible =
    user !== null &&
    entitlement.kind === 'subscriber' &&
    sessionValue.get(SESSION_KEYS.welcomePopupShown) === null &&
    welcomeMayOpenOn(location.pathname);
  const preferences = usePreferences(publisher, eligible);
  const editions = useEditionGroups(publisher, eligible);
  const { mutate: disablePopup } = useDisableWelcomePopup();
  const { mutateAsync: updateName } = useUpdateName();
  const { mutateAsync: updateEdition } = useUpdatePreferredEdition(publisher);
  const { mutateAsync: changeContact } = useChangeContact();
  const [open, setOpen] = useState(false);

  const wanted = eligible && preferences.data?.welcome_popup_enabled === true && editions.isSuccess;

  useEffect(() => {
    if (!wanted) return;
    sessionValue.set(SESSION_KEYS.welcomePopupShown, 'true');
    setOpen(true);
  }, [wanted]);

  if (!open || !user || !editions.data) return null;

  const close = () => {
    setOpen(false);
    disablePopup();
  };

  const submit = async (answers: WelcomeAnswers): Promise<string | null> => {
    try {
      if (answers.name !== user.name) await updateName(answers.name);
    } catch (failure) {
      return serverSaid(failure, AUTH_MESSAGES.nameChangeFailed);
    }
    try {
      if (answers.editionNumber !== preferences.data?.preferredEditionId) {
        await updateEdition(answers.editionNumber);
      }
    } catch {
      return AUTH_MESSAGES.preferencesFailed;
    }
    if (!answers.contact) {
      close();
      return null;
    }
    const method: VerificationMethod = 'phoneNumber' in answers.contact ? 'mobile' : 'email';
    try {
      await changeContact(answers.contact);
    } catch (failure) {
      return serverSaid(
        failure,
        method === 'mobile' ? AUTH_MESSAGES.phoneChangeFailed : AUTH_MESSAGES.emailChangeFailed,
      );
    }
    close();
    sessionValue.set(SESSION_KEYS.fromPopupOTP, 'true');
    await navigate(AUTH_PATHS.verifyOtp, {
      state: {
        fromPopup: true,
        verificationMethod: method,
        ...answers.contact,
        redirectAfterOTP: `${location.pathname}${location.search}`,
      },
    });
    return null;
  };

  return (
    <WelcomePopup
      user={user}
      editionGroups={editions.data}
      initialEdition={preferences.data?.preferredEditionId ?? brand.defaultEdition}
      onClose={close}
      onSubmit={submit}
    />
  );
}
