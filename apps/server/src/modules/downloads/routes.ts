// GET /api/epaper/article-download: the watermarked JPEG of one article, for a
// reader whose access covers its page (the same policy as the page's own files:
// 401 for a visitor, 403 when signed in). Never cached by anyone: it is made for
// the request, and a shared cache must not hand it to a reader without access.
// The link in the watermark is the article's short verify link (/v/{code}, also
// registered here), so it fits the footer of a narrow clip.
import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PARAM_LENGTH,
  MESSAGES,
  boundedString,
  epaperDataQuerySchema,
  errorBodySchema,
  formatDisplayDate,
} from '@folio/core';
import { NotFoundError } from '../../errors.ts';
import { GATE_REFUSALS, type AccessGate, type ViewerEntitlements } from '../access/index.ts';
import type { EditionService } from '../editions/index.ts';
import type { MediaStorage } from '../media/index.ts';
import { MEDIA_ROUTE } from '../media/index.ts';
import { watermarkedClip } from './article-clip.ts';
import type { VerifyLinks } from './verify-links.ts';
import { VERIFY_ROUTE } from './verify-links.ts';
import { articlePath, verifyRoute } from './verify-route.ts';

const downloadQuerySchema = epaperDataQuerySchema.extend({
  article: boundedString('article', MAX_PARAM_LENGTH),
});

export const downloadRoutes: FastifyPluginAsyncZod<{
  editions: EditionService;
  storage: MediaStorage;
  viewers: ViewerEntitlements;
  gate: AccessGate;
  publicUrl: string;
  verifyLinks: VerifyLinks;
}> = async (app, { editions, storage, viewers, gate, publicUrl, verifyLinks }) => {
  await app.register(verifyRoute, { editions, verifyLinks });

  app.get(
    '/api/epaper/article-download',
    {
      schema: {
        summary:
          "An article's clip of its page as a JPEG, watermarked with the paper, date and link",
        tags: ['epaper'],
        querystring: downloadQuerySchema,
        response: {
          200: z.unknown().describe('image/jpeg'),
          400: errorBodySchema,
          ...GATE_REFUSALS,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { publisher, date, edition, article: articleId } = request.query;
      const data = await editions.epaperData({ brand: publisher, date, editionNumber: edition });
      const pages = data.sections.flatMap((section) => section.pages);
      const pageIndex = pages.findIndex((page) =>
        page.articles.some((article) => article.id === articleId),
      );
      const page = pages[pageIndex];
      const article = page?.articles.find((candidate) => candidate.id === articleId);
      if (!page || !article) throw new NotFoundError(MESSAGES.articleNotFound);

      await gate.admit(publisher, { date, editionNumber: edition, pageIndex }, () =>
        viewers.of(request, reply, publisher),
      );

      const key = `${data.data_url_suffix}${page.zoomFile}`.slice(MEDIA_ROUTE.length + 1);
      const stored = await storage.get(key);
      if (!stored) throw new NotFoundError(MESSAGES.notFound);
      const place = { date, editionNumber: edition, pageIndex };
      const code = verifyLinks.codeOf({
        ...place,
        brand: publisher.id,
        articleIndex: page.articles.indexOf(article),
      });
      const jpeg = await watermarkedClip(await buffer(stored.body), article, {
        paper: publisher.name,
        date: formatDisplayDate(date),
        // A place past what a code holds keeps the article's full address.
        link: `${publicUrl}${code ? `${VERIFY_ROUTE}/${code}` : articlePath(article.id, place)}`,
      });
      const file = `${publisher.id}-${date}-${article.id}.jpg`.replace(/[^\w.-]/g, '_');
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file}"`)
        .type('image/jpeg')
        .send(jpeg);
    },
  );
};
