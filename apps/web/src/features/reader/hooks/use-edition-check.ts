// An edition number the brand does not have (an old link, /4 on the English
// paper): the reader moves to the brand's default edition and says so, rather
// than showing the server's refusal as an error.
import type { EditionGroup } from '@folio/core';
import { useEffect } from 'react';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import type { MoveOptions } from './use-reader-place.ts';

export function useEditionCheck(
  groups: EditionGroup[] | undefined,
  date: string,
  edition: number,
  defaultEdition: number,
  moveTo: (place: PagePlace, options?: MoveOptions) => void,
) {
  const knownEditions = groups?.flatMap((group) => group.editions);
  const editionUnknown =
    knownEditions !== undefined && !knownEditions.some((item) => item.edition_number === edition);
  useEffect(() => {
    if (!editionUnknown || !knownEditions) return;
    const fallback =
      knownEditions.find((item) => item.edition_number === defaultEdition) ?? knownEditions[0];
    if (!fallback) return;
    notify.info(
      `Edition ${edition} is not available. Showing the ${fallback.edition_name} edition.`,
    );
    moveTo({ date, edition: fallback.edition_number, page: 0 }, { replace: true });
  }, [editionUnknown, knownEditions, edition, date, defaultEdition, moveTo]);
  return {
    editionUnknown,
    editionName: knownEditions?.find((item) => item.edition_number === edition)?.edition_name,
  };
}
