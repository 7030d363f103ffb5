// What a reader opening the site at / asks for first: the edition list, the
// landing issue's data and its first page's preview. The document at / names them
// as preloads, so the browser fetches them while the scripts download instead of
// one after another once the scripts have run.
import { BRANDS, isoToCompact } from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import type { Preload } from '../../http/web-app.ts';
import type { EpaperAnswers } from './epaper-answers.ts';
import type { EditionService } from './service.ts';

export function landingPreloads(
  editions: EditionService,
  answers: EpaperAnswers,
  log: FastifyBaseLogger,
): () => Promise<Preload[]> {
  return async () => {
    const issue = editions.landingIssue();
    const brand = BRANDS[issue.brand];
    // The very URLs the reader's code asks for (shared/api), parameters in its order.
    const preloads: Preload[] = [
      { href: `/api/epaper/editions?publisher=${brand.publisher}`, as: 'fetch' },
    ];
    try {
      const answer = await answers.answer({
        brand,
        date: issue.date,
        editionNumber: issue.editionNumber,
      });
      preloads.push({
        href: `/api/epaper/data?date=${isoToCompact(issue.date)}&edition=${issue.editionNumber}&publisher=${brand.publisher}`,
        as: 'fetch',
      });
      if (answer.firstPreview) preloads.push({ href: answer.firstPreview, as: 'image' });
    } catch (error) {
      // No issue yet (a fresh seed, a holiday) is not worth a word; anything else is,
      // but the document still goes out with what is known.
      if (!(error instanceof NotFoundError)) log.warn({ err: error }, 'landing preloads left out');
    }
    return preloads;
  };
}
