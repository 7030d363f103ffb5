// GET /v/{code}: the short link printed on a downloaded clip. It sends the browser
// to the article the clip was cut from (302), with its date, edition and page, where
// the article reader applies the paper's access as for any other link. A code this
// server did not make, or one whose article is gone, is a plain 404; one longer than
// a code can be is a 400 before it is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDS, boundedString, errorBodySchema } from '@folio/core';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { EditionService } from '../editions/index.ts';
import { VERIFY_CODE_LENGTH, VERIFY_ROUTE, type VerifyLinks } from './verify-links.ts';

const UNKNOWN_VERIFY_CODE =
  'This link does not name an article of the paper. Check the code printed on the clip.';

const paramsSchema = z.object({ code: boundedString('code', VERIFY_CODE_LENGTH) });

/** The article reader's address of an article at its place, as the web app links it. */
export function articlePath(
  articleId: string,
  place: { date: string; editionNumber: number; pageIndex: number },
): string {
  const query = new URLSearchParams({
    date: place.date,
    edition_No: String(place.editionNumber),
    pageNumber: String(place.pageIndex),
    source: 'epaper',
  });
  return `/article/${encodeURIComponent(articleId)}?${query}`;
}

export const verifyRoute: FastifyPluginAsyncZod<{
  editions: EditionService;
  verifyLinks: VerifyLinks;
}> = async (app, { editions, verifyLinks }) => {
  app.get(
    `${VERIFY_ROUTE}/:code`,
    {
      schema: {
        summary:
          'The short link on a downloaded clip: redirects to the article the clip was cut from',
        tags: ['epaper'],
        params: paramsSchema,
        response: { 302: z.undefined(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const place = verifyLinks.placeOf(request.params.code);
      if (!place) throw new NotFoundError(UNKNOWN_VERIFY_CODE);
      const data = await editions
        .epaperData({
          brand: BRANDS[place.brand],
          date: place.date,
          editionNumber: place.editionNumber,
        })
        .catch((error: unknown) => {
          // A sealed code whose issue is no longer served: the same answer as a bad code.
          if (error instanceof DomainError && error.statusCode < 500)
            throw new NotFoundError(UNKNOWN_VERIFY_CODE);
          throw error;
        });
      const page = data.sections.flatMap((section) => section.pages)[place.pageIndex];
      const article = page?.articles[place.articleIndex];
      if (!article) throw new NotFoundError(UNKNOWN_VERIFY_CODE);
      return reply
        .header('cache-control', 'no-store')
        .redirect(articlePath(article.id, place), 302);
    },
  );
};
