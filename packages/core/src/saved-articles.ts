// Saved articles (spec 2 §2 "Saved articles", §3, §4 "Bookmark", §7, §8): one
// contract for the server's validation and answers and the web app's parsing.
// `page_no` is the page's index in the edition (0 = front page), as in the
// reader's and the article's addresses.
import { z } from 'zod';
import type { LockReason } from './access.ts';
import { MAX_DB_INTEGER, MAX_PARAM_LENGTH, MAX_URL_LENGTH, boundedString } from './bounds.ts';
import { ARCHIVE_START, isIsoDate } from './dates.ts';
import { publisherParam } from './epaper.ts';
import { MESSAGES } from './messages.ts';

/** Texts of the saved-articles screen and the bookmark button, word for word. */
export const SAVED_MESSAGES = {
  listSignIn: 'Please login to view your saved articles',
  listFailed: 'Error loading saved articles',
  bookmarkSignIn: 'Please login to bookmark the article',
  bookmarkFailed: 'Failed to bookmark article',
  removeFailed: 'Failed to remove bookmark',
  bookmarked: 'Article Bookmarked',
  removed: 'Bookmark Removed',
  removeConfirm: 'Are you sure you want to remove this article from bookmarks?',
  searchPlaceholder: 'Search saved articles...',
  empty: 'No Saved Articles Yet',
  noMatches: 'No Matches Found',
  notFound: 'This saved article was not found.',
  badDate: 'edition_date must be a date written yyyy-MM-dd, from 1 June 2020',
  badPage: 'page_no must be a whole number from 0 to 999',
  badBox: 'image_coordinates must be a box inside the page, in percent (0 to 100)',
} as const;

/** Longest title and description kept with a saved article. */
export const MAX_SAVED_TITLE_LENGTH = 500;
export const MAX_SAVED_DESCRIPTION_LENGTH = 1000;
/** Page indexes an edition can have (ingest makes far fewer pages). */
export const MAX_PAGE_INDEX = 999;

/** Boxes are measured in floating point; a sum may pass 100 by a rounding step. */
const ROUNDING = 0.01;
const percent = z.number({ error: SAVED_MESSAGES.badBox }).min(0).max(100);

/** A box within the page: it starts on the page, has a size and does not run off it. */
export const savedBoxSchema = z
  .strictObject(
    { top: percent, left: percent, width: percent, height: percent },
    { error: SAVED_MESSAGES.badBox },
  )
  .refine(
    (box) =>
      box.width > 0 &&
      box.height > 0 &&
      box.left + box.width <= 100 + ROUNDING &&
      box.top + box.height <= 100 + ROUNDING,
    { error: SAVED_MESSAGES.badBox },
  );

const editionDateField = z
  .string({ error: SAVED_MESSAGES.badDate })
  .max(10, { error: SAVED_MESSAGES.badDate, abort: true })
  .refine((value) => isIsoDate(value) && value >= ARCHIVE_START, { error: SAVED_MESSAGES.badDate });

/** POST /api/user/saved-articles (spec 2 §3 "Saved article (create payload)"). */
export const savedArticleCreateSchema = z.strictObject({
  publisher_short_code: publisherParam,
  article_id: boundedString('article_id', MAX_PARAM_LENGTH).min(1, {
    error: MESSAGES.articleNotFound,
  }),
  edition_number: z.number({ error: MESSAGES.badEdition }).int().min(1).max(MAX_DB_INTEGER),
  page_no: z.number({ error: SAVED_MESSAGES.badPage }).int().min(0).max(MAX_PAGE_INDEX),
  html_path: boundedString('html_path', MAX_URL_LENGTH),
  image_path: boundedString('image_path', MAX_URL_LENGTH),
  image_coordinates: savedBoxSchema,
  title: boundedString('title', MAX_SAVED_TITLE_LENGTH),
  description: boundedString('description', MAX_SAVED_DESCRIPTION_LENGTH).optional(),
  edition_date: editionDateField,
});
export type SavedArticleCreate = z.input<typeof savedArticleCreateSchema>;

const LOCK_REASONS = [
  'sign-in',
  'subscribe',
  'freemium',
  'upgrade',
] as const satisfies readonly LockReason[];

/**
 * One saved article (spec 2 §3 "Saved list item") with what a card needs besides:
 * the edition's name, the clip's box and page size, and whether the reader's plan
 * still opens the page. A locked one carries no image.
 */
export const savedArticleSchema = z.object({
  id: z.number().int(),
  article_id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The page's zoom image to cut the clip from; null when the page is locked or gone. */
  image_path: z.string().nullable(),
  image_coordinates: z.object({
    top: z.number(),
    left: z.number(),
    width: z.number(),
    height: z.number(),
  }),
  page_width: z.number().int(),
  page_height: z.number().int(),
  edition_number: z.number().int(),
  edition_name: z.string(),
  edition_date: z.string(),
  page_no: z.number().int(),
  /** Why the reader's plan does not open the page now, or null when it does. */
  lock_reason: z.enum(LOCK_REASONS).nullable(),
  saved_at: z.string(),
});
export type SavedArticle = z.infer<typeof savedArticleSchema>;
export const savedArticlesSchema = z.array(savedArticleSchema);

export const savedArticleIdParamsSchema = z.object({
  id: z.coerce.number({ error: SAVED_MESSAGES.notFound }).int().min(1).max(MAX_DB_INTEGER),
});

/** The filter of the saved-articles screen: edition name, title and description, any case. */
export function matchesSavedSearch(
  article: Pick<SavedArticle, 'edition_name' | 'title' | 'description'>,
  search: string,
): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [article.edition_name, article.title, article.description].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}
