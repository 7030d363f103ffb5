// Where a hit is in the paper, as the reader's address names it: the edition's
// date and number and the page's 0-based index (the hit gives its page number,
// which counts from 1 through the edition).
import type { SearchHit } from '@folio/core';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';

export function hitPlace(hit: SearchHit): PagePlace {
  const source = hit._source;
  return {
    date: source.created_at.slice(0, 10),
    edition: source.edition_number,
    page: Math.max(0, source.page_details.pageNo - 1),
  };
}
