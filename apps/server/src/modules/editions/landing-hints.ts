// What a reader opening the site at / needs first: the edition list, the landing
// issue's data and its first page's preview. The document at / names the data as
// preloads, so the browser fetches it while the scripts download instead of one
// request after another once the scripts have run, and draws the preview itself
// (the first frame), so the page is on screen before any script has run.
import { BRANDS, isoToCompact } from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import type { LandingHints } from '../../http/web-app.ts';
import type { EpaperAnswers } from './epaper-answers.ts';
import type { EditionService } from './service.ts';

export function landingHints(
  editions: EditionService,
  answers: EpaperAnswers,
  log: FastifyBaseLogger,
): () => Promise<LandingHints> {
  return async () => {
    const issue = editions.landingIssue();
    const brand = BRANDS[issue.brand];
    // The very URLs the reader's code asks for (shared/api), parameters in its order.
    const hints: LandingHints = {
      preloads: [{ href: `/api/epaper/editions?publisher=${brand.publisher}`, as: 'fetch' }],
    };
    try {
      const answer = await answers.answer({
        brand,
        date: issue.date,
        editionNumber: issue.editionNumber,
      });
      hints.preloads.push({
        href: `/api/epaper/data?date=${isoToCompact(issue.date)}&edition=${issue.editionNumber}&publisher=${brand.publisher}`,
        as: 'fetch',
      });
      if (answer.firstPage) hints.firstFrame = { ...answer.firstPage, logo: brand.header_logo };
    } catch (error) {
      // No issue yet (a fresh seed, a holiday) is not worth a word; anything else is,
      // but the document still goes out with what is known.
      if (!(error instanceof NotFoundError)) log.warn({ err: error }, 'landing hints left out');
    }
    return hints;
  };
}
