// Article search (spec 2 §2 "Search", §7 GET epaper/search; decision 0021): ranked
// hits of one publisher, each with its page and box, and locked where the reader's
// plan does not open its page. A locked hit keeps its title and place but carries
// no text: no description, no article file, and the page's blurred preview.
import {
  type Brand,
  type Entitlement,
  type Place,
  type SearchHit,
  type SearchQuery,
  type SearchResponse,
} from '@folio/core';
import type { AccessGate } from '../access/index.ts';
import { lockedPreviewFile } from '../access/index.ts';
import type { SearchRepo, SearchRow } from './repo.ts';
import { searchKeyOf, searchLanguageOf } from './search-rows.ts';
import { snippetOf } from './snippet.ts';

/** Text with a letter or digit in some script: anything else can match nothing. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

export class SearchService {
  constructor(
    private readonly repo: SearchRepo,
    /** The newest edition date readers may open (the publisher's today). */
    private readonly latestDate: () => string,
    private readonly gate: AccessGate,
  ) {}

  async search(query: SearchQuery, entitlement: Entitlement): Promise<SearchResponse> {
    const brand = query.publisher_short_code;
    const language = searchLanguageOf(brand.id);
    const key = searchKeyOf(language, query.query);
    if (!SEARCHABLE.test(query.query) || key.trim() === '') return { hits: [] };
    const today = this.latestDate();
    const rows = await this.repo.search({
      brand: brand.id,
      language,
      text: query.query,
      key,
      latestDate: today,
      date: query.date,
      editionNumber: query.editionNo,
      offset: query.offset,
      limit: query.limit,
    });
    const opens = (place: Place) => this.gate.opens(entitlement, brand, place, today);
    return { hits: rows.map((row) => toHit(row, brand, opens, language, key)) };
  }
}

function toHit(
  row: SearchRow,
  brand: Brand,
  opens: (place: Place) => boolean,
  language: ReturnType<typeof searchLanguageOf>,
  key: string,
): SearchHit {
  const place = {
    date: row.issue_date,
    editionNumber: row.edition_number,
    pageIndex: row.page_index,
  };
  const open = opens(place);
  return {
    _id: row.article_id,
    _source: {
      publisher_short_code: brand.publisher,
      title: row.title,
      description: open ? snippetOf(row.body_text, language, key) : '',
      page_details: {
        imgFile: `${row.media_base}${open ? row.img_file : lockedPreviewFile(row.page_no)}`,
        pageNo: row.page_no,
        name: row.page_name,
      },
      htmlPath: open ? `${row.media_base}${row.html_file}` : '',
      top: row.top,
      left: row.left,
      width: row.width,
      height: row.height,
      created_at: row.issue_date,
      edition_number: row.edition_number,
      edition_name: row.edition_name,
      locked: !open,
    },
  };
}
