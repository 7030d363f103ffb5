// /contact (spec 2 §2 "Contact page", §4, §5, §8): a message to the editorial
// team. Each field says the spec's words as soon as the reader has typed in it or
// left it (core's schemas, the ones the server checks with), Send Message stays
// off until all four are valid, and a sent message clears the form, shows the
// notice and takes the reader to the paper 3 s later. Open to everyone (spec 2 §6).
import {
  CONTACT_FIELD_SCHEMAS,
  CONTACT_MESSAGES,
  CONTACT_REDIRECT_MS,
  CONTACT_SUBJECTS,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  contactFieldError,
  contactRequestSchema,
  type ContactField,
} from '@folio/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { TextPage } from '../../shared/ui/text-page.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { useSendContactMessage } from './api.ts';
import { Honeypot } from './components/honeypot.tsx';

type Values = Record<ContactField, string>;
type Touched = Record<ContactField, boolean>;

const FIELDS = Object.keys(CONTACT_FIELD_SCHEMAS) as ContactField[];
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const UNTOUCHED: Touched = { name: false, email: false, subject: false, message: false };

const inputClasses =
  'min-h-11 w-full rounded-lg border bg-white px-3 text-base text-ink outline-none transition-colors focus:border-brand focus:ring-2 focus:ring-brand/20';

/** The server's own words for a refusal it explains (a limit, a field); the spec's otherwise. */
function failureMessage(failure: unknown): string {
  const refused = isApiError(failure) && failure.status >= 400 && failure.status < 500;
  return refused ? failure.message : CONTACT_MESSAGES.sendFailed;
}

export function ContactScreen() {
  const { brand } = useAppConfig();
  const navigate = useNavigate();
  const send = useSendContactMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Touched>(UNTOUCHED);
  const [website, setWebsite] = useState('');
  const [sent, setSent] = useState(false);
  const ids = useId();

  const errors = Object.fromEntries(
    FIELDS.map((field) => [field, contactFieldError(field, values[field])]),
  ) as Record<ContactField, string | null>;
  const valid = FIELDS.every((field) => errors[field] === null);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      CONTACT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const leave = (field: ContactField) => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactRequestSchema.safeParse({ ...values, website });
    if (!parsed.success || send.isPending || sent) {
      setTouched({ name: true, email: true, subject: true, message: true });
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(CONTACT_MESSAGES.sent);
        setValues(EMPTY);
        setTouched(UNTOUCHED);
        setWebsite('');
        setSent(true);
      },
      onError: (failure) => notify.error(failureMessage(failure)),
    });
  };

  const shown = (field: ContactField) => (touched[field] ? errors[field] : null);
  const fieldProps = (field: ContactField) => {
    const error = shown(field);
    return {
      id: `${ids}-${field}`,
      name: field,
      value: values[field],
      onBlur: () => leave(field),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${ids}-${field}-error` : undefined,
      className: `${inputClasses} ${error ? 'border-red-600' : 'border-ink/20'}`,
    };
  };
  const label = (field: ContactField, text: string) => (
    <label htmlFor={`${ids}-${field}`} className="text-sm font-semibold text-ink">
      {text}
    </label>
  );
  const problem = (field: ContactField) => {
    const error = shown(field);
    return error ? (
      <p id={`${ids}-${field}-error`} className="text-sm font-medium text-red-700">
        {error}
      </p>
    ) : null;
  };

  return (
    <TextPage
      header={<SiteHeader brand={brand} />}
      width="max-w-xl"
      title="Contact Our Editorial Team"
    >
      <p className="mt-3 text-base text-ink-soft">
        Send us your feedback, a correction or a story idea. You can also write to us at{' '}
        <a
          href={`mailto:${brand.editorial.email}`}
          className="font-semibold text-brand underline underline-offset-2"
        >
          {brand.editorial.email}
        </a>
        .
      </p>
      <form noValidate onSubmit={submit} className="mt-8" aria-label="Contact form">
        <fieldset disabled={sent} className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            {label('name', 'Name')}
            <input
              {...fieldProps('name')}
              type="text"
              autoComplete="name"
              maxLength={MAX_NAME_LENGTH}
              onChange={(event) => change('name', event.target.value)}
            />
            {problem('name')}
          </div>
          <div className="flex flex-col gap-1.5">
            {label('email', 'Email')}
            <input
              {...fieldProps('email')}
              type="email"
              autoComplete="email"
              maxLength={MAX_EMAIL_LENGTH}
              onChange={(event) => change('email', event.target.value)}
            />
            {problem('email')}
          </div>
          <div className="flex flex-col gap-1.5">
            {label('subject', 'Subject')}
            <select
              {...fieldProps('subject')}
              onChange={(event) => change('subject', event.target.value)}
            >
              <option value="">Select a subject</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
            {problem('subject')}
          </div>
          <div className="flex flex-col gap-1.5">
            {label('message', 'Message')}
            <textarea
              {...fieldProps('message')}
              rows={6}
              maxLength={MAX_CONTACT_MESSAGE_LENGTH}
              onChange={(event) => change('message', event.target.value)}
              className={`${fieldProps('message').className} py-2`}
            />
            {problem('message')}
          </div>
          <Honeypot id={`${ids}-website`} value={website} onChange={setWebsite} />
          <Button
            type="submit"
            disabled={!valid || send.isPending || sent}
            aria-busy={send.isPending}
            className="w-full sm:w-auto sm:self-start"
          >
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </fieldset>
      </form>
    </TextPage>
  );
}
