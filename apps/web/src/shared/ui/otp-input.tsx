// Six single-digit boxes for a one-time code (spec 1 §2 "One-time code screen"):
// digits only, one per box, typing moves on, a paste (or the phone's one-time-code
// autofill, which lands in the first box) spreads its first six digits, and
// Backspace on an empty box steps back and clears the previous one. Whenever the
// boxes are (or become) empty, typing starts in the first one.
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface OtpInputProps {
  /** One entry per box: a digit or ''. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** Id of the text that explains an error, for screen readers. */
  errorId?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

export function OtpInput({
  value,
  onChange,
  invalid = false,
  disabled = false,
  errorId,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  const empty = value.every((digit) => digit === '');

  useEffect(() => {
    if (empty) boxes.current[0]?.focus();
  }, [empty]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits into consecutive boxes from `start` and moves to the box after them. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const accepted = digits.slice(0, length - start);
    for (let i = 0; i < accepted.length; i += 1) next[start + i] = accepted.charAt(i);
    onChange(next);
    focusBox(start + accepted.length);
  };

  const onType = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    const digits = digitsOf(raw);
    if (digits === '') return;
    // The phone's autofill puts the whole code into one box: spread it from the first.
    if (digits.length >= length) {
      fill(0, digits);
      return;
    }
    // A box that already held a digit now holds old + new; the newest keystroke wins.
    const old = value[index] ?? '';
    if (old !== '' && digits.length === 2) {
      fill(index, digits.startsWith(old) ? digits.slice(1) : digits.slice(0, 1));
      return;
    }
    fill(index, digits);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text')).slice(0, length);
    if (digits === '') return;
    const next = Array.from({ length }, (_, i) => digits.charAt(i));
    onChange(next);
    focusBox(Math.min(digits.length, length - 1));
  };

  return (
    <div role="group" aria-label="One-time code" className="flex justify-between gap-2 sm:gap-3">
      {value.map((digit, index) => (
        <input
          // The boxes are a fixed row; their position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onType(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? length : 2}
          disabled={disabled}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          className={`size-11 rounded-lg border bg-white text-center text-lg font-semibold text-ink outline-none transition-colors focus:border-brand focus:ring-2 focus:ring-brand/25 disabled:opacity-60 sm:size-12 ${
            invalid ? 'border-red-600' : 'border-ink/20'
          }`}
        />
      ))}
    </div>
  );
}
