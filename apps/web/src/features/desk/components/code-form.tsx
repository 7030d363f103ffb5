// The six-digit authenticator code: one field, digits only, sent on Enter.
import { useId, useState, type FormEvent } from 'react';
import { DESK_MESSAGES } from '@folio/core/desk';
import { isApiError } from '../../../shared/lib/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useVerifySecondFactor } from '../api.ts';

export function CodeForm({ submitLabel }: { submitLabel: string }) {
  const verify = useVerifySecondFactor();
  const [code, setCode] = useState('');
  const id = useId();
  const valid = /^\d{6}$/.test(code);
  const error = verify.error
    ? isApiError(verify.error)
      ? verify.error.message
      : DESK_MESSAGES.secondFactorWrong
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) verify.mutate(code, { onError: () => setCode('') });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Code from your authenticator app
      </label>
      <input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 w-40 rounded-lg border border-ink/20 bg-white px-3 text-center font-mono text-xl tracking-[0.3em] text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!valid || verify.isPending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
