// Edition selector, grouped by parent edition. A native select: it is keyboard and
// screen-reader friendly everywhere and opens the phone's own picker on mobile.
// Editions the reader's plan does not open show a lock (spec 1 §4 "Access
// levels"), and are named locked like the calendar's days; choosing one opens its
// front page, locked, with the popup that says how to read it.
import type { EditionGroup } from '@folio/core';
import { MESSAGES } from '@folio/core';
import { ChevronDownIcon } from '../../../shared/ui/icons.tsx';

interface EditionSelectProps {
  groups: EditionGroup[] | undefined;
  edition: number;
  isLocked?: (edition: number) => boolean;
  onChange: (edition: number) => void;
}

/** Drawn after a locked edition's name; its name for screen readers says "locked". */
const LOCK = '\u{1F512}';

export function EditionSelect({ groups, edition, isLocked, onChange }: EditionSelectProps) {
  if (!groups) {
    return (
      <p role="status" className="truncate text-sm text-ink-soft">
        {MESSAGES.loadingEditions}
      </p>
    );
  }
  return (
    <label className="relative flex w-full max-w-56 min-w-0 items-center">
      <span className="sr-only">Edition</span>
      <select
        name="edition"
        value={edition}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 w-full min-w-0 cursor-pointer appearance-none truncate rounded-full border border-ink/15 bg-white pr-9 pl-4 text-sm font-medium text-ink hover:border-brand"
      >
        {groups.map((group) => (
          <optgroup key={group.parent_edition} label={group.parent_edition}>
            {group.editions.map((item) => {
              const locked = isLocked?.(item.edition_number) ?? false;
              return (
                <option
                  key={item.id}
                  value={item.edition_number}
                  aria-label={locked ? `${item.edition_name}, locked` : undefined}
                >
                  {locked ? `${item.edition_name} ${LOCK}` : item.edition_name}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute right-3 text-brand"
        width={16}
        height={16}
      />
    </label>
  );
}
