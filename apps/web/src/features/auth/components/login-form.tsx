// The login form (spec 1 §2 "Login screen", §5): one field for the chosen method,
// the red error above it, and "Continue". Validation uses the shared schemas so
// the screen and the server refuse the same input with the same words.
import {
  AUTH_MESSAGES,
  MOBILE_DIGITS,
  loginEmailSchema,
  loginMobileSchema,
  typedMobileDigits,
} from '@folio/core';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { VerificationMethod } from '../../../shared/lib/auth-navigation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TabList, TabPanel, Tabs, tabById, type TabItem } from '../../../shared/ui/tabs.tsx';
import { IndiaFlag } from './india-flag.tsx';

const METHODS: readonly TabItem<VerificationMethod>[] = [
  { id: 'email', label: 'Email' },
  { id: 'mobile', label: 'Mobile' },
];

/** What each method's field is (spec 1 §2 "Login screen"): the phone's keypad, ten digits. */
const MOBILE_INPUT = {
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: MOBILE_DIGITS,
  placeholder: 'Enter phone number',
} as const;
const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  placeholder: 'Enter email id',
} as const;

export type LoginSubmission =
  | { verificationMethod: 'mobile'; phoneNumber: string }
  | { verificationMethod: 'email'; email: string };

interface LoginFormProps {
  initialMethod: VerificationMethod;
  onSubmit: (submission: LoginSubmission) => void;
  disabled?: boolean;
}

export function LoginForm({ initialMethod, onSubmit, disabled = false }: LoginFormProps) {
  const [method, setMethod] = useState<VerificationMethod>(initialMethod);
  const [mobile, setMobile] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  const ids = useId();
  const errorId = `${ids}-error`;

  // The mobile field takes focus whenever its tab is chosen; after a switch the
  // e-mail field does too, so the keyboard user lands where they will type.
  useEffect(() => {
    if (method === 'mobile') mobileRef.current?.focus();
    else if (switched.current) emailRef.current?.focus();
  }, [method]);

  const changeMethod = (id: string) => {
    const next = tabById(METHODS, id);
    if (!next || next === method) return;
    switched.current = true;
    setMethod(next);
    setError(null);
    emailRef.current?.setCustomValidity('');
  };

  const typeMobile = (value: string) => {
    setMobile(typedMobileDigits(value));
    setError(null);
  };

  // A pasted "+91 98765 43210" or "098765 43210" is a number too: keep its last ten digits.
  const pasteMobile = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    typeMobile(event.clipboardData.getData('text').replace(/\D/g, '').slice(-MOBILE_DIGITS));
  };

  const typeEmail = (value: string) => {
    setEmail(value);
    setError(null);
    emailRef.current?.setCustomValidity('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (method === 'mobile') {
      const result = loginMobileSchema.safeParse(mobile);
      if (!result.success) {
        setError(result.error.issues[0]?.message ?? AUTH_MESSAGES.mobileInvalid);
        mobileRef.current?.focus();
        return;
      }
      onSubmit({ verificationMethod: 'mobile', phoneNumber: result.data });
      return;
    }
    const result = loginEmailSchema.safeParse(email);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? AUTH_MESSAGES.emailInvalid;
      setError(message);
      const input = emailRef.current;
      if (input && message === AUTH_MESSAGES.emailRequired) {
        // The browser's own bubble, worded as the spec says (spec 1 §5).
        input.setCustomValidity(AUTH_MESSAGES.fillOutField);
        input.reportValidity();
      }
      input?.focus();
      return;
    }
    onSubmit({ verificationMethod: 'email', email: result.data });
  };

  const fieldBorder = error ? 'border-red-600' : 'border-ink/20';
  // What either field says about itself: its id (for the label) and its error.
  const field = {
    id: `${ids}-${method}-input`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Tabs value={method} onValueChange={changeMethod} className="contents">
        <TabList items={METHODS} label="Sign in with" />
        {/* One panel, the chosen method's: the error and label above belong to it. */}
        <TabPanel value={method} className="flex flex-col gap-2">
          {/* The tab above already names the field; the label is for screen readers. */}
          <label htmlFor={field.id} className="sr-only">
            {method === 'mobile' ? 'Mobile Number' : 'Email'}
          </label>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          {method === 'mobile' ? (
            <div
              className={`group flex items-stretch overflow-hidden rounded-lg border bg-white transition-colors focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20 ${fieldBorder}`}
            >
              <span
                data-testid="mobile-prefix"
                className="flex items-center gap-2 border-r border-ink/15 bg-paper/60 px-3 text-sm font-semibold text-ink-soft transition-colors group-focus-within:bg-brand/10 group-focus-within:text-brand"
              >
                <IndiaFlag />
                +91
              </span>
              <input
                ref={mobileRef}
                {...field}
                {...MOBILE_INPUT}
                value={mobile}
                onChange={(event) => typeMobile(event.target.value)}
                onPaste={pasteMobile}
                className="min-h-12 w-full min-w-0 px-3 text-base text-ink outline-none placeholder:text-ink-soft/70"
              />
            </div>
          ) : (
            <input
              ref={emailRef}
              {...field}
              {...EMAIL_INPUT}
              value={email}
              onChange={(event) => typeEmail(event.target.value)}
              className={`min-h-12 w-full rounded-lg border bg-white px-3 text-base text-ink outline-none transition-colors placeholder:text-ink-soft/70 focus:border-brand focus:ring-2 focus:ring-brand/20 ${fieldBorder}`}
            />
          )}
        </TabPanel>
      </Tabs>
      <Button type="submit" disabled={disabled} className="w-full">
        Continue
      </Button>
    </form>
  );
}
