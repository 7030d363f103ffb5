// The welcome popup (spec 1 §2 "Popups", §4 "Welcome popup", §5): the reader
// confirms a name, a preferred edition and, after a code sign-in, the contact
// the account lacks. "Get Started" waits until every required field has text.
import {
  MOBILE_DIGITS,
  nameSchema,
  phoneSchema,
  profileEmailSchema,
  typedMobileDigits,
  type EditionGroup,
} from '@folio/core';
import { useId, useState, type FormEvent } from 'react';
import type { UserData } from '../../../shared/api/auth-session.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { editionChoices } from '../lib/edition-choices.ts';
import { ChoiceOptions } from './choice-options.tsx';

type MissingContact = 'mobile' | 'email' | null;

/** Third-party readers have a verified e-mail from Google; code readers lack one of the two. */
function missingContact(user: UserData): MissingContact {
  if (user.loginMethod !== 'regular') return null;
  if (!user.email) return 'email';
  if (!user.phone) return 'mobile';
  return null;
}

export interface WelcomeAnswers {
  name: string;
  editionNumber: number;
  contact?: { phoneNumber: string } | { email: string };
}

interface WelcomePopupProps {
  user: UserData;
  editionGroups: readonly EditionGroup[];
  initialEdition: number;
  onClose: () => void;
  /** Saves the answers; resolves with a problem to show, or null when done. */
  onSubmit: (answers: WelcomeAnswers) => Promise<string | null>;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const inputClasses =
  'min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

export function WelcomePopup(props: WelcomePopupProps) {
  const { user, editionGroups, initialEdition, onClose, onSubmit } = props;
  const contactKind = missingContact(user);
  const [name, setName] = useState(user.name);
  const [edition, setEdition] = useState(String(initialEdition));
  const [contact, setContact] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();

  const filled =
    name.trim() !== '' && edition !== '' && (contactKind === null || contact.trim() !== '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameCheck = nameSchema.safeParse(name);
    const contactCheck =
      contactKind === 'mobile'
        ? phoneSchema.safeParse(contact)
        : contactKind === 'email'
          ? profileEmailSchema.safeParse(contact)
          : null;
    const invalid = firstIssue(nameCheck) ?? (contactCheck && firstIssue(contactCheck));
    if (invalid) {
      setProblem(invalid);
      return;
    }
    const answers: WelcomeAnswers = { name: name.trim(), editionNumber: Number(edition) };
    if (contactKind === 'mobile') answers.contact = { phoneNumber: contact.trim() };
    if (contactKind === 'email') answers.contact = { email: contact.trim() };
    setSaving(true);
    const failed = await onSubmit(answers);
    setSaving(false);
    setProblem(failed);
  };

  return (
    <Dialog onClose={onClose} title="Please verify your information">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <label
          className="flex flex-col gap-1.5 text-sm font-semibold text-ink"
          htmlFor={`${ids}-name`}
        >
          Name
          <input
            id={`${ids}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            className={inputClasses}
          />
        </label>
        <label
          className="flex flex-col gap-1.5 text-sm font-semibold text-ink"
          htmlFor={`${ids}-edition`}
        >
          Preferred Edition
          <select
            id={`${ids}-edition`}
            value={edition}
            onChange={(event) => setEdition(event.target.value)}
            className={inputClasses}
          >
            <ChoiceOptions groups={editionChoices(editionGroups)} />
          </select>
        </label>
        {contactKind && (
          <label
            className="flex flex-col gap-1.5 text-sm font-semibold text-ink"
            htmlFor={`${ids}-contact`}
          >
            {contactKind === 'mobile' ? 'Mobile Number' : 'Email'}
            <input
              id={`${ids}-contact`}
              value={contact}
              onChange={(event) =>
                setContact(
                  contactKind === 'mobile'
                    ? typedMobileDigits(event.target.value)
                    : event.target.value,
                )
              }
              type={contactKind === 'mobile' ? 'tel' : 'email'}
              inputMode={contactKind === 'mobile' ? 'numeric' : undefined}
              maxLength={contactKind === 'mobile' ? MOBILE_DIGITS : undefined}
              autoComplete={contactKind === 'mobile' ? 'tel-national' : 'email'}
              placeholder={contactKind === 'mobile' ? 'Enter phone number' : 'Enter email id'}
              className={inputClasses}
            />
          </label>
        )}
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={!filled || saving} className="mt-1 w-full">
          Get Started
        </Button>
      </form>
    </Dialog>
  );
}
