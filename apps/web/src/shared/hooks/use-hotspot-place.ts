// The article view and the ad viewer each show one hotspot of an edition's page,
// named by its id in the path and by date, edition and page in the query (spec 2
// §2). This reads that address, loads the edition, finds the hotspot, says whether
// the page it is on is locked for this reader, and links back to that page.
import type { Page } from '@folio/core';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../api/app-config.ts';
import { editionPages, useEpaperData } from '../api/epaper-data.ts';
import { findHotspot } from '../lib/find-hotspot.ts';
import {
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  readerHref,
} from '../lib/reader-links.ts';
import { useMissingHotspotLock } from './use-missing-hotspot-lock.ts';

interface HotspotAddress<T> {
  /** The hotspot's id, from the path. */
  id: string;
  /** The query parameter naming the edition: edition_No for an article, edition for an ad. */
  editionParam: 'edition_No' | 'edition';
  /** The hotspot with this id on a page, if the page has it. */
  pick: (page: Page, id: string) => T | undefined;
}

export function useHotspotPlace<T>({ id, editionParam, pick }: HotspotAddress<T>) {
  const { brand, publisher, today } = useAppConfig();
  const [params] = useSearchParams();
  const date = parseEditionDate(params.get('date'), today) ?? today;
  const edition = parseEditionNumber(params.get(editionParam)) ?? brand.defaultEdition;
  const pageNumber = parseWholeNumber(params.get('pageNumber'));
  const content = useEpaperData({ publisher, date, edition });
  const pages = content.data ? editionPages(content.data) : [];
  const found = content.data ? findHotspot(pages, (page) => pick(page, id), pageNumber) : undefined;
  const lock = useMissingHotspotLock({
    publisher,
    brand,
    today,
    date,
    edition,
    pageNumber,
    pages,
    found: found !== undefined,
    key: id,
  });
  return {
    brand,
    publisher,
    date,
    edition,
    content,
    pages,
    found,
    lock,
    /** The reader on the page the hotspot was opened from. */
    backHref: readerHref({ date, edition, page: pageNumber ?? found?.pageIndex ?? 0 }),
  };
}

export type HotspotPlace<T> = ReturnType<typeof useHotspotPlace<T>>;
