// Keeps a signed-in reader's place (date, edition, page) on the account, so
// another device resumes there: once the reader has stayed on a page for a
// moment, and only when it differs from the place the account already holds.
import type { ReadingPosition } from '@folio/core';
import { useEffect } from 'react';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { useSaveReadingPosition } from '../api.ts';
import { POSITION_SAVE_DELAY_MS } from '../lib/reader-constants.ts';

/**
 * `place` is the page shown, or undefined while there is nothing to keep (a
 * visitor, the account's place not yet known, a page loading or locked).
 */
export function usePositionSaver(
  publisher: string,
  place: PagePlace | undefined,
  saved: ReadingPosition | null | undefined,
) {
  const { mutate } = useSaveReadingPosition(publisher);
  const date = place?.date;
  const edition = place?.edition;
  const page = place?.page;
  const unchanged =
    saved !== null &&
    saved !== undefined &&
    saved.date === date &&
    saved.edition === edition &&
    saved.page === page;
  useEffect(() => {
    if (date === undefined || edition === undefined || page === undefined || unchanged) return;
    const timer = window.setTimeout(() => mutate({ date, edition, page }), POSITION_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [date, edition, page, unchanged, mutate]);
}
