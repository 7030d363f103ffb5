// The "Personal Information" tab (spec 1 §2 "Profile", §4 "Profile edits", §5, §8).
// A new phone number or e-mail is not saved here: the server sends a code to it
// and the code screen confirms the change.
import {
  AUTH_MESSAGES,
  COUNTRY_PREFIX,
  MOBILE_DIGITS,
  nameSchema,
  profileEmailSchema,
  profilePhoneSchema,
  typedMobileDigits,
  type EditionGroup,
} from '@folio/core';
import { useNavigate } from 'react-router';
import type { UserData } from '../../../shared/api/auth-session.ts';
import { findEdition } from '../../../shared/api/editions.ts';
import { AUTH_PATHS, type VerifyOtpState } from '../../../shared/lib/auth-navigation.ts';
import { isApiError } from '../../../shared/lib/http.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import { useChangeContact, useUpdateName, useUpdatePreferredEdition } from '../api.ts';
import { editionChoices } from '../lib/edition-choices.ts';
import { EditableField } from './editable-field.tsx';

const PREFERENCES_SAVED = 'Preferences updated successfully';
const PREFERENCES_FAILED_TOAST = 'Something went wrong while updating preferences';
const CODE_SENT = {
  mobile: 'Verification code sent to your phone',
  email: 'Verification code sent to your email',
} as const;

/** A refusal the server explained (4xx) in its own words, else the spec's fallback. */
function serverSaid(failure: unknown, fallback: string): string {
  return isApiError(failure) && failure.status >= 400 && failure.status < 500
    ? failure.message
    : fallback;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

interface PersonalInfoProps {
  user: UserData;
  publisher: string;
  preferredEdition: number | null;
  defaultEdition: number;
  editionGroups: readonly EditionGroup[];
}

export function PersonalInfo(props: PersonalInfoProps) {
  const { user, publisher, preferredEdition, defaultEdition, editionGroups } = props;
  const navigate = useNavigate();
  const { mutateAsync: updateName } = useUpdateName();
  const { mutateAsync: changeContact } = useChangeContact();
  const { mutateAsync: updateEdition } = useUpdatePreferredEdition(publisher);
  const thirdParty = user.loginMethod !== 'regular';

  const saveName = async (draft: string) => {
    const parsed = nameSchema.safeParse(draft);
    if (!parsed.success) return firstIssue(parsed);
    if (parsed.data === user.name) return null;
    try {
      await updateName(parsed.data);
    } catch (failure) {
      return serverSaid(failure, AUTH_MESSAGES.nameChangeFailed);
    }
    notify.success('Name updated successfully');
    return null;
  };

  const verifyNewContact = async (state: VerifyOtpState) => {
    notify.success(CODE_SENT[state.verificationMethod]);
    await navigate(AUTH_PATHS.verifyOtp, { state });
  };

  const savePhone = async (draft: string) => {
    const parsed = profilePhoneSchema.safeParse(draft);
    if (!parsed.success) return firstIssue(parsed);
    if (parsed.data === user.phone) return AUTH_MESSAGES.samePhone;
    try {
      await changeContact({ phoneNumber: parsed.data });
    } catch (failure) {
      return serverSaid(failure, AUTH_MESSAGES.phoneChangeFailed);
    }
    await verifyNewContact({
      fromProfile: true,
      verificationMethod: 'mobile',
      phoneNumber: parsed.data,
    });
    return null;
  };

  const saveEmail = async (draft: string) => {
    const parsed = profileEmailSchema.safeParse(draft);
    if (!parsed.success) return firstIssue(parsed);
    if (parsed.data.toLowerCase() === user.email.toLowerCase()) return AUTH_MESSAGES.sameEmail;
    try {
      await changeContact({ email: parsed.data });
    } catch (failure) {
      // The spec words e-mail failures one way, except the case it names itself.
      const said = serverSaid(failure, AUTH_MESSAGES.emailChangeFailed);
      return said === AUTH_MESSAGES.sameEmail ? said : AUTH_MESSAGES.emailChangeFailed;
    }
    await verifyNewContact({ fromProfile: true, verificationMethod: 'email', email: parsed.data });
    return null;
  };

  const saveEdition = async (draft: string) => {
    const editionNumber = Number(draft);
    if (editionNumber === preferredEdition) return null;
    try {
      await updateEdition(editionNumber);
    } catch {
      notify.error(PREFERENCES_FAILED_TOAST);
      return AUTH_MESSAGES.preferencesFailed;
    }
    notify.success(PREFERENCES_SAVED);
    return null;
  };

  const edition = findEdition(editionGroups, preferredEdition);
  return (
    <dl>
      <EditableField
        label="Name"
        value={user.name}
        control={{ kind: 'text', autoComplete: 'name' }}
        onSave={saveName}
      />
      <EditableField
        label="Mobile Number"
        value={user.phone}
        display={user.phone && `${COUNTRY_PREFIX} ${user.phone}`}
        control={{
          kind: 'tel',
          prefix: COUNTRY_PREFIX,
          maxLength: MOBILE_DIGITS,
          placeholder: 'Enter phone number',
        }}
        sanitize={typedMobileDigits}
        onSave={savePhone}
      />
      <EditableField
        label="Email"
        value={user.email}
        control={{ kind: 'email', autoComplete: 'email', placeholder: 'Enter email id' }}
        lockedReason={thirdParty ? AUTH_MESSAGES.thirdPartyEmailLocked : undefined}
        onSave={saveEmail}
      />
      <EditableField
        label="Preferred Edition"
        value={String(edition?.edition_number ?? defaultEdition)}
        display={edition?.edition_name ?? ''}
        control={{ kind: 'select', groups: editionChoices(editionGroups) }}
        onSave={saveEdition}
      />
    </dl>
  );
}
