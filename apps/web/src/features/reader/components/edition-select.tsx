// Edition selector, grouped by parent edition. A native select: it is keyboard and
// screen-reader friendly everywhere and opens the phone's own picker on mobile.
import type { EditionGroup } from '@folio/core';
import { MESSAGES } from '@folio/core';
import { ChevronDownIcon } from '../../../shared/ui/icons.tsx';

interface EditionSelectProps {
  groups: EditionGroup[] | undefined;
  edition: number;
  onChange: (edition: number) => void;
}

export function EditionSelect({ groups, edition, onChange }: EditionSelectProps) {
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
            {group.editions.map((item) => (
              <option key={item.id} value={item.edition_number}>
                {item.edition_name}
              </option>
            ))}
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
