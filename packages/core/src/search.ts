// Article search (spec 2 §2 "Search", §3 search hit, §4, §7 GET epaper/search,
// §8, §9): the query the browser sends, the hits the server answers with, and the
// page's words. Shared by the server (validation, OpenAPI) and the web app.
import { z } from 'zod';
import { editionDateParam, editionNumberParam, publisherParam } from './epaper.ts';

/** Hits per request (spec 2 §9), and the most one request may ask for. */
export const SEARCH_PAGE_SIZE = 10;
/** The query is sent once typing has stopped this long (spec 2 §9). */
export const SEARCH_DEBOUNCE_MS = 800;
/** Longer queries are refused with a 400: no reader types a 200-character search. */
export const MAX_SEARCH_QUERY_LENGTH = 200;
/** Deepest offset paged to: 100 pages of 10. */
export const MAX_SEARCH_OFFSET = 1000;

export const SEARCH_TEXT = {
  placeholder: 'Search Articles...',
  start: 'Start Searching',
  searching: 'Searching...',
  noMatches: 'No Matches Found',
  noMatchesFor: "We couldn't find any articles for",
  noMatchesHint: 'Try different keywords or check your spelling',
  errorTitle: 'Search Error',
  errorText: 'Something went wrong while searching',
  tryAgain: 'Try Again',
  loadingMore: 'Loading more...',
  queryTooLong: `Search text can be at most ${MAX_SEARCH_QUERY_LENGTH} characters.`,
  queryRequired: 'Enter something to search for.',
} as const;

export const searchQuerySchema = z.object({
  query: z
    .string({ error: SEARCH_TEXT.queryRequired })
    .max(MAX_SEARCH_QUERY_LENGTH, { error: SEARCH_TEXT.queryTooLong })
    .transform((value) => value.normalize('NFC').trim())
    .refine((value) => value !== '', { error: SEARCH_TEXT.queryRequired }),
  publisher_short_code: publisherParam,
  /** yyyyMMdd (or yyyy-MM-dd): only that day's editions. */
  date: editionDateParam.optional(),
  /** Only that edition. */
  editionNo: editionNumberParam.optional(),
  offset: z.coerce
    .number({ error: `offset must be a whole number from 0 to ${MAX_SEARCH_OFFSET}` })
    .int()
    .min(0)
    .max(MAX_SEARCH_OFFSET)
    .default(0),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${SEARCH_PAGE_SIZE}` })
    .int()
    .min(1)
    .max(SEARCH_PAGE_SIZE)
    .default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One hit, in the spec's shape (`_id`, `_source`) with what the reader needs to open
 * it: the edition's date, number and name, and whether the reader's plan opens its
 * page. A locked hit carries its title and place only: its description and
 * htmlPath are empty.
 */
export const searchHitSchema = z.object({
  _id: z.string(),
  _source: z.object({
    publisher_short_code: z.string(),
    title: z.string(),
    description: z.string(),
    page_details: z.object({ imgFile: z.string(), pageNo: z.number().int(), name: z.string() }),
    htmlPath: z.string(),
    top: z.number(),
    left: z.number(),
    width: z.number(),
    height: z.number(),
    /** The edition's date, yyyy-MM-dd. */
    created_at: z.string(),
    edition_number: z.number().int(),
    edition_name: z.string(),
    locked: z.boolean(),
  }),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({ hits: z.array(searchHitSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
