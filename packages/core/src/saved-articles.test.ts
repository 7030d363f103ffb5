// Saved articles (spec 2 §2 "Saved articles", §3, §4 "Bookmark", §7, §8): what a
// bookmark may carry, what the list answers with and the screen's filter.
import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import { MESSAGES } from './messages.ts';
import {
  MAX_PAGE_INDEX,
  MAX_SAVED_DESCRIPTION_LENGTH,
  MAX_SAVED_TITLE_LENGTH,
  SAVED_MESSAGES,
  matchesSavedSearch,
  savedArticleCreateSchema,
  savedArticleIdParamsSchema,
  savedArticleSchema,
  savedArticlesSchema,
  savedBoxSchema,
} from './saved-articles.ts';

type Result = { success: boolean; error?: { issues: { message: string }[] } };
const messagesOf = (result: Result) => result.error?.issues.map((issue) => issue.message) ?? [];

const BAD_BOX = 'image_coordinates must be a box inside the page, in percent (0 to 100)';
const BAD_DATE = 'edition_date must be a date written yyyy-MM-dd, from 1 June 2020';
const BAD_PAGE = 'page_no must be a whole number from 0 to 999';

describe('saved-articles words and limits', () => {
  it('says the screen and button texts word for word', () => {
    expect(SAVED_MESSAGES).toEqual({
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
      badDate: BAD_DATE,
      badPage: BAD_PAGE,
      badBox: BAD_BOX,
    });
  });

  it('keeps 500 characters of title, 1,000 of description and pages 0 to 999', () => {
    expect(MAX_SAVED_TITLE_LENGTH).toBe(500);
    expect(MAX_SAVED_DESCRIPTION_LENGTH).toBe(1000);
    expect(MAX_PAGE_INDEX).toBe(999);
  });
});

describe('the clip box', () => {
  const box = (top: number, left: number, width: number, height: number) =>
    savedBoxSchema.safeParse({ top, left, width, height });

  it('keeps a box that starts on the page and stays on it', () => {
    expect(savedBoxSchema.parse({ top: 10, left: 20.5, width: 30, height: 40 })).toEqual({
      top: 10,
      left: 20.5,
      width: 30,
      height: 40,
    });
    expect(box(0, 0, 100, 100).success).toBe(true);
  });

  it('allows a sum past 100 by one rounding step (0.01), not more', () => {
    expect(box(0, 0.01, 100, 50).success).toBe(true);
    expect(box(0.01, 0, 50, 100).success).toBe(true);
    expect(messagesOf(box(0, 0.02, 100, 50))).toEqual([BAD_BOX]);
    expect(messagesOf(box(0.02, 0, 50, 100))).toEqual([BAD_BOX]);
  });

  it('refuses a box that runs off the right or the bottom edge', () => {
    expect(messagesOf(box(0, 50, 60, 10))).toEqual([BAD_BOX]);
    expect(messagesOf(box(50, 0, 10, 60))).toEqual([BAD_BOX]);
  });

  it('refuses a box without width or height', () => {
    expect(messagesOf(box(10, 10, 0, 10))).toEqual([BAD_BOX]);
    expect(messagesOf(box(10, 10, 10, 0))).toEqual([BAD_BOX]);
    expect(box(10, 10, 0.001, 0.001).success).toBe(true);
  });

  it('refuses values outside 0 to 100, non-numbers, other shapes and extra keys', () => {
    expect(messagesOf(box(-1, 0, 10, 10))).toEqual([BAD_BOX]);
    expect(messagesOf(box(0, -0.5, 10, 10))).toEqual([BAD_BOX]);
    expect(messagesOf(box(0, 0, 100.5, 10))).toEqual([BAD_BOX, BAD_BOX]);
    expect(
      messagesOf(savedBoxSchema.safeParse({ top: '1', left: 0, width: 1, height: 1 })),
    ).toEqual([BAD_BOX]);
    expect(messagesOf(savedBoxSchema.safeParse(null))).toEqual([BAD_BOX]);
    expect(
      messagesOf(savedBoxSchema.safeParse({ top: 0, left: 0, width: 1, height: 1, depth: 1 })),
    ).toEqual([BAD_BOX]);
  });
});

describe('a new saved article (POST /api/user/saved-articles)', () => {
  const create = {
    publisher_short_code: 'DH',
    article_id: 'a17',
    edition_number: 2,
    page_no: 0,
    html_path: 'articles/a17.html',
    image_path: 'pages/p01-zoom.webp',
    image_coordinates: { top: 10, left: 5, width: 40, height: 25 },
    title: 'Metro line opens',
    description: 'The purple line reaches Whitefield.',
    edition_date: '2026-11-20',
  };
  const withField = (extra: Record<string, unknown>) =>
    savedArticleCreateSchema.safeParse({ ...create, ...extra });

  it('keeps the payload and resolves the publisher', () => {
    expect(savedArticleCreateSchema.parse(create)).toEqual({
      ...create,
      publisher_short_code: BRANDS.dh,
    });
    const { description: _, ...withoutDescription } = create;
    expect(savedArticleCreateSchema.parse(withoutDescription)).toEqual({
      ...withoutDescription,
      publisher_short_code: BRANDS.dh,
    });
  });

  it('names each missing field', () => {
    expect(messagesOf(savedArticleCreateSchema.safeParse({}))).toEqual([
      'publisher is required',
      'article_id must be text',
      MESSAGES.badEdition,
      BAD_PAGE,
      'html_path must be text',
      'image_path must be text',
      BAD_BOX,
      'title must be text',
      BAD_DATE,
    ]);
  });

  it('refuses keys it does not know', () => {
    expect(withField({ saved_at: 'now' }).success).toBe(false);
  });

  it('answers an empty article id as a missing article', () => {
    expect(messagesOf(withField({ article_id: '' }))).toEqual(['Article not found.']);
    expect(withField({ article_id: 'a' }).success).toBe(true);
    expect(messagesOf(withField({ article_id: 'a'.repeat(65) }))).toEqual([
      'article_id must be at most 64 characters',
    ]);
  });

  it('takes edition numbers from 1 to the largest database integer', () => {
    expect(withField({ edition_number: 1 }).success).toBe(true);
    expect(withField({ edition_number: 2_147_483_647 }).success).toBe(true);
    for (const edition_number of [0, 1.5, 2_147_483_648, '2'])
      expect(messagesOf(withField({ edition_number })), String(edition_number)).toEqual([
        MESSAGES.badEdition,
      ]);
  });

  it('takes page indexes from 0 to 999', () => {
    expect(withField({ page_no: 0 }).success).toBe(true);
    expect(withField({ page_no: 999 }).success).toBe(true);
    for (const page_no of [-1, 1000, 2.5, '1'])
      expect(messagesOf(withField({ page_no })), String(page_no)).toEqual([BAD_PAGE]);
  });

  it('bounds the paths, the title and the description', () => {
    expect(withField({ html_path: 'h'.repeat(2048) }).success).toBe(true);
    expect(messagesOf(withField({ html_path: 'h'.repeat(2049) }))).toEqual([
      'html_path must be at most 2048 characters',
    ]);
    expect(messagesOf(withField({ image_path: 'i'.repeat(2049) }))).toEqual([
      'image_path must be at most 2048 characters',
    ]);
    expect(withField({ title: 't'.repeat(500) }).success).toBe(true);
    expect(messagesOf(withField({ title: 't'.repeat(501) }))).toEqual([
      'title must be at most 500 characters',
    ]);
    expect(withField({ description: 'd'.repeat(1000) }).success).toBe(true);
    expect(messagesOf(withField({ description: 'd'.repeat(1001) }))).toEqual([
      'description must be at most 1000 characters',
    ]);
    expect(messagesOf(withField({ title: 'a\u0000b' }))).toEqual([
      'title must not contain control characters',
    ]);
  });

  it('refuses a box off the page in the box words', () => {
    expect(
      messagesOf(withField({ image_coordinates: { top: 90, left: 0, width: 10, height: 20 } })),
    ).toEqual([BAD_BOX]);
  });

  it('takes an edition date written yyyy-MM-dd from 1 June 2020 on', () => {
    expect(withField({ edition_date: '2020-06-01' }).success).toBe(true);
    for (const edition_date of ['2020-05-31', '2026-02-30', '20261120', '', 20261120])
      expect(messagesOf(withField({ edition_date })), String(edition_date)).toEqual([BAD_DATE]);
  });

  it('stops at the length check for a date that is too long, with one message', () => {
    expect(messagesOf(withField({ edition_date: '2026-11-200' }))).toEqual([BAD_DATE]);
    expect(messagesOf(withField({ edition_date: '2026-11-20'.repeat(1000) }))).toEqual([BAD_DATE]);
  });
});

describe('a saved article in the list', () => {
  const saved = {
    id: 7,
    article_id: 'a17',
    title: 'Metro line opens',
    description: 'The purple line reaches Whitefield.',
    image_path: 'pages/p01-zoom.webp',
    image_coordinates: { top: 10, left: 5, width: 40, height: 25 },
    page_width: 1800,
    page_height: 2700,
    edition_number: 2,
    edition_name: 'Bengaluru',
    edition_date: '2026-11-20',
    page_no: 0,
    lock_reason: null,
    saved_at: '2026-11-20T08:30:00.000Z',
  };

  it('keeps an open one whole, and a list of them', () => {
    expect(savedArticleSchema.parse(saved)).toEqual(saved);
    expect(savedArticlesSchema.parse([saved, saved])).toEqual([saved, saved]);
  });

  it('keeps a locked one without its image, for each reason a plan can lock it', () => {
    for (const lock_reason of ['sign-in', 'subscribe', 'freemium', 'upgrade']) {
      const locked = { ...saved, image_path: null, lock_reason };
      expect(savedArticleSchema.parse(locked)).toEqual(locked);
    }
    expect(savedArticleSchema.safeParse({ ...saved, lock_reason: 'expired' }).success).toBe(false);
    expect(savedArticleSchema.safeParse({ ...saved, lock_reason: '' }).success).toBe(false);
  });
});

describe('the saved article id in a path', () => {
  it('reads a whole number from 1 to the largest database integer', () => {
    expect(savedArticleIdParamsSchema.parse({ id: '1' })).toEqual({ id: 1 });
    expect(savedArticleIdParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
  });

  it('answers anything else as a saved article not found', () => {
    for (const id of ['0', '-1', '1.5', 'x', '2147483648', undefined])
      expect(messagesOf(savedArticleIdParamsSchema.safeParse({ id })), String(id)).toEqual([
        'This saved article was not found.',
      ]);
  });
});

describe('the saved-articles filter', () => {
  const article = {
    edition_name: 'Bengaluru',
    title: 'Metro Line Opens',
    description: 'The purple line reaches Whitefield.',
  };

  it('shows every article for an empty or blank search', () => {
    expect(matchesSavedSearch(article, '')).toBe(true);
    expect(matchesSavedSearch(article, '   ')).toBe(true);
  });

  it('matches the edition name, the title or the description, in any case', () => {
    expect(matchesSavedSearch(article, 'bengaluru')).toBe(true);
    expect(matchesSavedSearch(article, 'metro line')).toBe(true);
    expect(matchesSavedSearch(article, 'WHITEFIELD')).toBe(true);
    expect(matchesSavedSearch(article, '  Purple  ')).toBe(true);
  });

  it('does not match text none of the three holds', () => {
    expect(matchesSavedSearch(article, 'mysuru')).toBe(false);
    expect(matchesSavedSearch(article, 'metro  line')).toBe(false);
  });
});
