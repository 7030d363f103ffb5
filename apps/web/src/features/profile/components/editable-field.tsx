// One profile field, editable in place (spec 1 §2 "Profile"): the value with an
// Edit button; editing shows the input, its error, Save and Cancel. The field
// owner validates and saves, answering with an error text or null.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import type { ChoiceGroup } from '../lib/edition-choices.ts';
import { PencilIcon } from '../../../shared/ui/icons.tsx';
import { LockedHint } from './locked-hint.tsx';
import { ChoiceOptions } from './choice-options.tsx';

type Control =
  | { kind: 'text' | 'email'; autoComplete: string; placeholder?: string }
  | { kind: 'tel'; prefix: ReactNode; maxLength: number; placeholder?: string }
  | { kind: 'select'; groups: ChoiceGroup[] };

interface EditableFieldProps {
  label: string;
  /** The saved value in the form the input edits (digits, an edition number…). */
  value: string;
  /** How the saved value reads; the value itself when absent. */
  display?: string;
  control: Control;
  /** Set when the field cannot be edited; the reason shows as a tooltip. */
  lockedReason?: string;
  /** Keeps only what the field accepts as it is typed. */
  sanitize?: (raw: string) => string;
  onSave: (draft: string) => Promise<string | null>;
}

const NOT_PROVIDED = 'Not Provided';

export function EditableField(props: EditableFieldProps) {
  const { label, value, display, control, lockedReason, sanitize = (raw) => raw, onSave } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLElement | null>(null);
  const keepInput = (element: HTMLElement | null) => {
    inputRef.current = element;
  };
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const ids = useId();

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      return;
    }
    // Back to Edit, unless focus has already moved on (a save that opened the code
    // screen): the closed form took focus with it, so only the page body holds it.
    const active = document.activeElement;
    if (returnFocus.current && (active === null || active === document.body)) {
      editRef.current?.focus();
    }
  }, [editing]);

  const open = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    const problem = await onSave(draft);
    setSaving(false);
    if (problem) setError(problem);
    else close();
  };

  const shown = display ?? value;
  const invalid = error !== null;
  const inputClasses = `min-h-11 w-full min-w-0 bg-white px-3 text-base text-ink outline-none`;
  const field = {
    id: `${ids}-input`,
    value: draft,
    'aria-labelledby': `${ids}-label`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${ids}-error` : undefined,
    disabled: saving,
  };

  return (
    <div className="flex flex-col gap-1.5 border-b border-ink/10 py-4 last:border-b-0">
      <dt id={`${ids}-label`} className="text-xs font-semibold tracking-wide text-ink-soft">
        {label}
      </dt>
      <dd>
        {editing ? (
          <form
            noValidate
            onSubmit={(event) => void save(event)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
            className="flex flex-col gap-2"
          >
            {error && (
              <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
            <div
              className={`flex overflow-hidden rounded-lg border focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20 ${
                invalid ? 'border-red-600' : 'border-ink/20'
              }`}
            >
              {control.kind === 'select' ? (
                <select
                  ref={keepInput}
                  {...field}
                  onChange={(event) => setDraft(event.target.value)}
                  className={inputClasses}
                >
                  <ChoiceOptions groups={control.groups} />
                </select>
              ) : (
                <>
                  {control.kind === 'tel' && (
                    <span className="flex items-center border-r border-ink/15 bg-paper/60 px-3 text-sm font-semibold text-ink-soft">
                      {control.prefix}
                    </span>
                  )}
                  <input
                    ref={keepInput}
                    {...field}
                    type={control.kind}
                    inputMode={control.kind === 'tel' ? 'numeric' : undefined}
                    autoComplete={control.kind === 'tel' ? 'tel-national' : control.autoComplete}
                    maxLength={control.kind === 'tel' ? control.maxLength : undefined}
                    placeholder={control.placeholder}
                    onChange={(event) => {
                      setDraft(sanitize(event.target.value));
                      setError(null);
                    }}
                    className={inputClasses}
                  />
                </>
              )}
            </div>
            <div className="flex gap-2">
              <Button type="submit" disabled={saving} className="min-h-9 px-4">
                Save
              </Button>
              <Button
                variant="secondary"
                onClick={close}
                disabled={saving}
                className="min-h-9 px-4"
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex min-h-9 items-center justify-between gap-3">
            <span
              className={`min-w-0 break-words text-base ${shown ? 'text-ink' : 'text-ink-soft'}`}
            >
              {shown || NOT_PROVIDED}
            </span>
            {lockedReason ? (
              <LockedHint reason={lockedReason} />
            ) : (
              <button
                ref={editRef}
                type="button"
                onClick={open}
                aria-label={`Edit ${label}`}
                className="flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand/5"
              >
                <PencilIcon width={16} height={16} />
                Edit
              </button>
            )}
          </div>
        )}
      </dd>
    </div>
  );
}
