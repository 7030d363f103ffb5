// The e-mail or mobile number field of /review when the plan renews by mandate and
// the account lacks it (issue 23 part 5). Drawn as the profile's fields are (spec 1
// §2, §5): the profile's label, the red error above the input, +91 before the
// ten digits, and non-digits stripped as typed.
import { COUNTRY_PREFIX, MOBILE_DIGITS, typedMobileDigits } from '@folio/core';
import { useId, type ClipboardEvent, type Ref } from 'react';
import type { ContactNeeded } from '../lib/billing-contact.ts';

const FIELD = {
  phone: { label: 'Mobile Number', why: 'Automatic renewal needs your mobile number.' },
  email: { label: 'Email', why: 'Automatic renewal needs your e-mail address.' },
} as const;

interface BillingContactFieldProps {
  kind: ContactNeeded;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

export function BillingContactField({
  kind,
  value,
  error,
  onChange,
  ref,
}: BillingContactFieldProps) {
  const ids = useId();
  const { label, why } = FIELD[kind];
  const phone = kind === 'phone';
  const errorId = `${ids}-error`;

  // A pasted "+91 98765 43210" is a number too: keep its last ten digits.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (!phone) return;
    event.preventDefault();
    onChange(event.clipboardData.getData('text').replace(/\D/g, '').slice(-MOBILE_DIGITS));
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${ids}-input`} className="text-xs font-semibold tracking-wide text-ink-soft">
        {label}
      </label>
      <p id={`${ids}-why`} className="text-sm text-ink">
        {why}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div
        className={`flex overflow-hidden rounded-lg border bg-white focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20 ${
          error ? 'border-red-600' : 'border-ink/20'
        }`}
      >
        {phone && (
          <span className="flex items-center border-r border-ink/15 bg-paper/60 px-3 text-sm font-semibold text-ink-soft">
            {COUNTRY_PREFIX}
          </span>
        )}
        <input
          ref={ref}
          id={`${ids}-input`}
          type={phone ? 'tel' : 'email'}
          inputMode={phone ? 'numeric' : undefined}
          autoComplete={phone ? 'tel-national' : 'email'}
          maxLength={phone ? MOBILE_DIGITS : undefined}
          placeholder={phone ? 'Enter phone number' : 'Enter email id'}
          value={value}
          onChange={(event) =>
            onChange(phone ? typedMobileDigits(event.target.value) : event.target.value)
          }
          onPaste={paste}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-why ${errorId}` : `${ids}-why`}
          className="min-h-11 w-full min-w-0 px-3 text-base text-ink outline-none placeholder:text-ink-soft/70"
        />
      </div>
    </div>
  );
}
