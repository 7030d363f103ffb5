// Which place of the paper a media key belongs to. Ingest writes every file of an
// issue under editions/{brand}/{date}/{edition}/{run}/ and names each after its
// page (p01.webp, p01-zoom.webp, p01.pdf, p01-a03.html, p01-ad02.webp …), so the
// key alone says whose access it needs. The blurred preview of a locked page
// (pNN-locked.webp) is what everyone may see.
import { isBrandCode, isIsoDate, type BrandCode, type Place } from '@folio/core';

const ISSUE_FILE =
  /^editions\/([a-z]+)\/(\d{4}-\d{2}-\d{2})\/(\d{1,9})\/[^/]+\/p(\d{2,4})(-locked\.webp|[-.][^/]*)$/;

export type MediaPlace =
  | { kind: 'issue'; brand: BrandCode; place: Place }
  | { kind: 'locked-preview'; brand: BrandCode; place: Place; thumbKey: string }
  /** A file in an issue's folder that names no page: never served (ingest writes none). */
  | { kind: 'unknown' }
  /** Not in an issue's folder (brand assets and the like): open to all. */
  | { kind: 'other' };

export const lockedPreviewFile = (pageNo: number) =>
  `p${String(pageNo).padStart(2, '0')}-locked.webp`;

export function mediaPlace(key: string): MediaPlace {
  const match = ISSUE_FILE.exec(key);
  if (!match) return key.startsWith('editions/') ? { kind: 'unknown' } : { kind: 'other' };
  const [, brand = '', date = '', edition = '', pageNo = '', rest = ''] = match;
  if (!isBrandCode(brand) || !isIsoDate(date)) return { kind: 'unknown' };
  const place: Place = { date, editionNumber: Number(edition), pageIndex: Number(pageNo) - 1 };
  if (rest === '-locked.webp')
    return {
      kind: 'locked-preview',
      brand,
      place,
      thumbKey: key.slice(0, key.length - rest.length) + '-thumb.webp',
    };
  return { kind: 'issue', brand, place };
}
