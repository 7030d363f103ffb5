// Six single-digit boxes for a one-time code (spec 1 §2 "One-time code screen"),
// drawn over input-otp's single input (docs/decisions/0006): digits only, one per
// box, a paste keeps its first six digits, Backspace steps back, and the phone's
// one-time-code autofill fills them all. Whenever the code is (or becomes) empty,
// typing starts in the first box. The sixth digit hands the code on (onComplete).
//
// input-otp adds a few rules of its own in an inline <style> unless an element with
// the id LIBRARY_STYLE_ID is on the page; the Content Security Policy refuses inline
// styles, so the rules are in otp-input.css and a hidden marker with that id says so.
import './otp-input.css';
import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { useEffect, useRef } from 'react';

const LIBRARY_STYLE_ID = 'input-otp-style';

interface OtpInputProps {
  /** The digits typed so far. */
  value: string;
  length: number;
  onChange: (next: string) => void;
  /** Called once every box is filled, however they were (typing, paste, autofill). */
  onComplete?: (code: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** Id of the text that explains an error, for screen readers. */
  errorId?: string;
}

export function OtpInput({
  value,
  length,
  onChange,
  onComplete,
  invalid = false,
  disabled = false,
  errorId,
}: OtpInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const empty = value === '';

  useEffect(() => {
    if (empty) inputRef.current?.focus();
  }, [empty]);

  return (
    <>
      <span id={LIBRARY_STYLE_ID} hidden />
      <OTPInput
        ref={inputRef}
        value={value}
        onChange={(next: string) => {
          onChange(next);
          // Our own test rather than input-otp's onComplete, which compares with the
          // value of the render before and so misses a paste into empty boxes.
          if (next.length === length && value.length < length) onComplete?.(next);
        }}
        maxLength={length}
        pattern={REGEXP_ONLY_DIGITS}
        pasteTransformer={(pasted) => pasted.replace(/\D/g, '').slice(0, length)}
        name="one-time-code"
        autoComplete="one-time-code"
        disabled={disabled}
        aria-label="One-time code"
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        containerClassName="flex justify-between gap-2 sm:gap-3 has-[:disabled]:opacity-60"
        render={({ slots }) =>
          slots.map((slot, index) => (
            // The boxes are a fixed row; their position is their identity.
            <Box key={index} slot={slot} invalid={invalid} />
          ))
        }
      />
    </>
  );
}

function Box({ slot, invalid }: { slot: SlotProps; invalid: boolean }) {
  const border = slot.isActive
    ? 'border-brand ring-2 ring-brand/25'
    : invalid
      ? 'border-red-600'
      : 'border-ink/20';
  return (
    <div
      aria-hidden="true"
      className={`grid size-11 place-items-center rounded-lg border bg-white text-lg font-semibold text-ink transition-colors sm:size-12 ${border}`}
    >
      {slot.char}
      {slot.hasFakeCaret && <span className="h-5 w-px animate-pulse bg-ink" />}
    </div>
  );
}
