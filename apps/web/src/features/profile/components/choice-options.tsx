// A select's options grouped under their labels (editions under their parent edition).
import type { ChoiceGroup } from '../lib/edition-choices.ts';

export function ChoiceOptions({ groups }: { groups: readonly ChoiceGroup[] }) {
  return groups.map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  ));
}
