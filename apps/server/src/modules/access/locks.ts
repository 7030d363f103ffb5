// The e-paper data a viewer is sent: every page keeps its place in the issue, but a
// page the access policy locks carries only its small blurred preview (for all of
// its images), no PDF, no articles and no ads, and says it is locked.
import { decideAccess, type Brand, type Entitlement, type EpaperData } from '@folio/core';
import { lockedPreviewFile } from './media-places.ts';

export function withLocks(
  data: EpaperData,
  brand: Brand,
  entitlement: Entitlement,
  today: string,
): EpaperData {
  let pageIndex = 0;
  return {
    ...data,
    sections: data.sections.map((section) => ({
      ...section,
      pages: section.pages.map((page) => {
        const place = { date: data.date, editionNumber: data.edition.edition_number, pageIndex };
        pageIndex += 1;
        if (decideAccess(entitlement, brand, place, today).open) return page;
        const blurred = lockedPreviewFile(page.pageNo);
        return {
          ...page,
          image: `${data.data_url_suffix}${blurred}`,
          imgFile: blurred,
          zoomFile: blurred,
          imgThumbFile: blurred,
          imgPreviewFile: blurred,
          pdfFile: '',
          articles: [],
          ads: [],
          locked: true,
        };
      }),
    })),
  };
}
