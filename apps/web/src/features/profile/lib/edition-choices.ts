import type { EditionGroup } from '@folio/core';

export interface ChoiceGroup {
  label: string;
  options: { value: string; label: string }[];
}

/** The brand's editions as select options grouped by parent edition; values are edition numbers. */
export function editionChoices(groups: readonly EditionGroup[]): ChoiceGroup[] {
  return groups.map((group) => ({
    label: group.parent_edition,
    options: group.editions.map((edition) => ({
      value: String(edition.edition_number),
      label: edition.edition_name,
    })),
  }));
}
