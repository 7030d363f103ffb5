// What a reader opening a document needs first, named in the document so the
// browser fetches it while the scripts download instead of one request after
// another once the scripts have run. At / that is the edition list, the landing
// issue's data and its first page's preview, which the document draws itself (the
// first frame), so the page is on screen before any script has run. At
// /article/{id} it is the article's issue data and the article's text, the two
// requests its text waits on; at /subscribe the plans. At /article/{id} (when
// every reader may read the article), /search and /subscribe the document also
// draws the screen's first content itself (http/first-frames.ts), which the
// app's scripts would draw only seconds later on a slow phone.
import {
  ARCHIVE_START,
  BRANDS,
  SEARCH_TEXT,
  SUBSCRIBE_PAGE_TEXT,
  formatDisplayDate,
  isIsoDate,
  isoToCompact,
  type EpaperData,
} from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import type { LandingHints, Preload } from '../../http/web-app.ts';
import { articleFrameBlocks } from './article-frame.ts';
import type { EpaperAnswer, EpaperAnswers } from './epaper-answers.ts';
import type { EditionService } from './service.ts';

const ARTICLE_PATH = /^\/article\/([^/]+)$/;
const WHOLE_NUMBER = /^\d{1,6}$/;

const dataHref = (publisher: string, date: string, editionNumber: number) =>
  // The very URL the reader's code asks for (shared/api), parameters in its order.
  `/api/epaper/data?date=${isoToCompact(date)}&edition=${editionNumber}&publisher=${publisher}`;

/** The article's text file and its page's name, if the issue as a visitor sees it has the article. */
function articleText(
  answer: EpaperAnswer,
  id: string,
): { href: string; pageName: string } | undefined {
  const data = JSON.parse(answer.body) as EpaperData;
  for (const section of data.sections)
    for (const page of section.pages) {
      const article = page.articles.find((candidate) => candidate.id === id);
      if (article)
        return { href: `${data.html_url_suffix}${article.htmlFile}`, pageName: page.displayName };
    }
  return undefined;
}

/**
 * A media file's text as a visitor may have it (the access gate decides, as for
 * any request), or nothing when a visitor may not, or it is not there.
 */
export type OpenText = (href: string) => Promise<string | undefined>;

export function landingHints(
  editions: EditionService,
  answers: EpaperAnswers,
  log: FastifyBaseLogger,
  openText: OpenText,
): (requestUrl: string) => Promise<LandingHints> {
  /** The issue's data (and, with the answer, whatever `more` adds), or nothing when there is none. */
  const issueHints = async (
    hints: LandingHints,
    issue: { date: string; editionNumber: number },
    more: (answer: EpaperAnswer) => void,
  ): Promise<LandingHints> => {
    const brand = BRANDS[editions.landingIssue().brand];
    try {
      const answer = await answers.answer({
        brand,
        date: issue.date,
        editionNumber: issue.editionNumber,
      });
      hints.preloads.push({
        href: dataHref(brand.publisher, issue.date, issue.editionNumber),
        as: 'fetch',
      });
      more(answer);
    } catch (error) {
      // No issue yet (a fresh seed, a holiday) is not worth a word; anything else is,
      // but the document still goes out with what is known.
      if (!(error instanceof NotFoundError)) log.warn({ err: error }, 'document hints left out');
    }
    return hints;
  };

  const landing = async (): Promise<LandingHints> => {
    const issue = editions.landingIssue();
    const brand = BRANDS[issue.brand];
    const hints: LandingHints = {
      preloads: [{ href: `/api/epaper/editions?publisher=${brand.publisher}`, as: 'fetch' }],
    };
    return issueHints(hints, issue, (answer) => {
      if (answer.firstPage)
        hints.firstFrame = { kind: 'page', ...answer.firstPage, logo: brand.header_logo };
    });
  };

  /** As the article screen reads its address: a date and edition_No it can open, else today's default. */
  const article = async (id: string, query: URLSearchParams): Promise<LandingHints> => {
    const landingIssue = editions.landingIssue();
    const dateParam = query.get('date') ?? '';
    const date =
      isIsoDate(dateParam) && dateParam >= ARCHIVE_START && dateParam <= landingIssue.date
        ? dateParam
        : landingIssue.date;
    const editionParam = query.get('edition_No') ?? '';
    const edition = WHOLE_NUMBER.test(editionParam) ? Number(editionParam) : 0;
    const editionNumber = edition > 0 ? edition : landingIssue.editionNumber;
    const hints: LandingHints = { preloads: [] };
    let found: ReturnType<typeof articleText>;
    await issueHints(hints, { date, editionNumber }, (answer) => {
      found = articleText(answer, id);
      const preload: Preload | undefined = found ? { href: found.href, as: 'fetch' } : undefined;
      if (preload) hints.preloads.push(preload);
    });
    // Drawn only when any reader may read it: then it is the same for everyone.
    const html = found && (await openText(found.href));
    const blocks = html ? articleFrameBlocks(html) : [];
    if (found && blocks.length > 0) {
      const brand = BRANDS[landingIssue.brand];
      hints.firstFrame = {
        kind: 'article',
        logo: brand.header_logo,
        byline: `${formatDisplayDate(date)} · ${found.pageName}`,
        language: brand.language,
        blocks,
      };
    }
    return hints;
  };

  return async (requestUrl) => {
    const url = new URL(requestUrl, 'http://document');
    if (url.pathname === '/' && url.search === '') return landing();
    const articlePath = ARTICLE_PATH.exec(url.pathname);
    if (articlePath?.[1]) {
      let id: string;
      try {
        id = decodeURIComponent(articlePath[1]);
      } catch {
        return { preloads: [] };
      }
      return article(id, url.searchParams);
    }
    const brand = BRANDS[editions.landingIssue().brand];
    // The plans are what the page is about; the rest of it can follow.
    if (/^\/subscribe\/?$/i.test(url.pathname))
      return {
        preloads: [{ href: `/api/subscription-plans?publisher=${brand.publisher}`, as: 'fetch' }],
        firstFrame: {
          kind: 'subscribe',
          logo: brand.header_logo,
          title: SUBSCRIBE_PAGE_TEXT.title(brand.name),
          subtitle: SUBSCRIBE_PAGE_TEXT.subtitle,
        },
      };
    // A search with words shows what it finds, which only the app can draw.
    if (/^\/search\/?$/i.test(url.pathname) && (url.searchParams.get('q') ?? '').trim() === '')
      return { preloads: [], firstFrame: { kind: 'search', heading: SEARCH_TEXT.start } };
    return { preloads: [] };
  };
}
