// Shapes of the content API (spec 1 §3, §7). One schema serves the server's
// validation and OpenAPI document and the web app's response parsing.
import { z } from 'zod';
import { BRAND_CODES, brandFromPublisher, type Brand } from './brands.ts';
import { MAX_DB_INTEGER, MAX_PARAM_LENGTH, boundedString } from './bounds.ts';
import { ARCHIVE_START, compactToIso, isIsoDate } from './dates.ts';
import { MESSAGES } from './messages.ts';

/**
 * Pixel widths of the images ingest makes of every page: the reading image, the
 * zoom image (1.5x, about 165 dpi on an 11-inch page; docs/decisions/0004) and
 * the thumbnail. The web app derives its srcset density from the same numbers.
 */
/**
 * Pixel widths of a page's images: the preview is drawn first (one image pixel
 * per css px of a phone's page: 396 css px on a 412 px screen), the reading image replaces it once the preview is
 * on screen, the zoom image serves zooming, the thumbnail the page strip.
 */
export const PAGE_IMAGE_WIDTHS = { preview: 400, reading: 1200, zoom: 1800, thumb: 200 } as const;

/** A box on a page, in percent of the page's width and height. */
export const hotspotBoxSchema = z.object({
  top: z.number(),
  left: z.number(),
  width: z.number(),
  height: z.number(),
});
export type HotspotBox = z.infer<typeof hotspotBoxSchema>;

export const articleHotspotSchema = hotspotBoxSchema.extend({
  id: z.string(),
  htmlFile: z.string(),
  title: z.string(),
});
export type ArticleHotspot = z.infer<typeof articleHotspotSchema>;

export const adHotspotSchema = hotspotBoxSchema.extend({
  id: z.string(),
  imgFile: z.string(),
});
export type AdHotspot = z.infer<typeof adHotspotSchema>;

export const pageSchema = z.object({
  displayName: z.string(),
  name: z.string(),
  pageNo: z.number().int(),
  /** Absolute URL path of the reading-size image. */
  image: z.string(),
  imgFile: z.string(),
  /** Larger image for zooming, relative to data_url_suffix. */
  zoomFile: z.string(),
  imgThumbFile: z.string(),
  /** Small image drawn first, relative to data_url_suffix (the reading image for issues published before previews existed). */
  imgPreviewFile: z.string(),
  pdfFile: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  articles: z.array(articleHotspotSchema),
  ads: z.array(adHotspotSchema),
  /**
   * Locked for this viewer by the access policy: the page's images are a small
   * blurred preview, and it has no PDF, articles or ads.
   */
  locked: z.boolean(),
});
export type Page = z.infer<typeof pageSchema>;

export const sectionSchema = z.object({
  name: z.string(),
  pages: z.array(pageSchema),
});
export type Section = z.infer<typeof sectionSchema>;

export const editionSchema = z.object({
  id: z.number().int(),
  edition_number: z.number().int(),
  edition_name: z.string(),
});
export type Edition = z.infer<typeof editionSchema>;

export const editionGroupSchema = z.object({
  parent_edition: z.string(),
  editions: z.array(editionSchema),
});
export type EditionGroup = z.infer<typeof editionGroupSchema>;
export const editionGroupsSchema = z.array(editionGroupSchema);

export const epaperDataSchema = z.object({
  date: z.string(),
  edition: editionSchema,
  data_url_suffix: z.string(),
  html_url_suffix: z.string(),
  sections: z.array(sectionSchema),
});
export type EpaperData = z.infer<typeof epaperDataSchema>;

export const availableDateSchema = z.object({
  date: z.string(),
  hasData: z.boolean(),
  /** The publisher left a holiday notice for the day (shown when it is picked). */
  holiday: z.boolean(),
});
export const availableDatesSchema = z.object({ dates: z.array(availableDateSchema) });
export type AvailableDates = z.infer<typeof availableDatesSchema>;

export const holidayPopupSchema = z.array(
  z.object({ date: z.string(), holiday_message: z.string() }),
);
export type HolidayPopup = z.infer<typeof holidayPopupSchema>;

/** GET /api/config: what the web app needs to know about the site before its first content call. */
export const siteConfigSchema = z.object({
  brand: z.enum(BRAND_CODES),
  /** Uppercase code to send as the `publisher` parameter. */
  publisher: z.string(),
  /** The publisher's IANA time zone. */
  timeZone: z.string(),
  /** The edition date a reader lands on now (yyyy-MM-dd; the publisher day starts 06:00). */
  today: z.string(),
  /** Google's OAuth client id when Google sign-in is configured (the web app then offers it), else null. */
  googleClientId: z.string().nullable(),
  /** Google Tag Manager container id when analytics is configured (the web app then loads it), else null. */
  gtmId: z.string().nullable(),
  /** The edition whose front page is free today: the brand's fixed one unless the desk chose another. */
  freeEdition: z.number().int().min(1),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const errorBodySchema = z.object({ status: z.literal('ERROR'), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---- query parameters --------------------------------------------------------

/** `publisher` parameter -> Brand; unknown codes are refused. */
export const publisherParam = z
  .string({ error: MESSAGES.publisherRequired })
  .pipe(boundedString('publisher', MAX_PARAM_LENGTH))
  .transform((value, ctx): Brand => {
    const brand = brandFromPublisher(value);
    if (!brand) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.unknownPublisher(value) });
      return z.NEVER;
    }
    return brand;
  });

/** A date written yyyyMMdd (content calls) or yyyy-MM-dd; returned as yyyy-MM-dd. */
export const editionDateParam = z
  .string({ error: MESSAGES.dateRequired })
  .pipe(boundedString('date', MAX_PARAM_LENGTH))
  .transform((value, ctx): string => {
    const iso = isIsoDate(value) ? value : compactToIso(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.badDate(value) });
      return z.NEVER;
    }
    if (iso < ARCHIVE_START) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.beforeArchive });
      return z.NEVER;
    }
    return iso;
  });

// A schema's own `error` is the message of every check on it (zod 4), so each
// parameter names its one rule once.
export const editionNumberParam = z.coerce
  .number({ error: MESSAGES.badEdition })
  .int()
  .positive()
  .max(MAX_DB_INTEGER);

export const epaperDataQuerySchema = z.object({
  date: editionDateParam,
  edition: editionNumberParam,
  publisher: publisherParam,
});

export const editionsQuerySchema = z.object({ publisher: publisherParam });

export const availableDatesQuerySchema = z.object({
  month: z.coerce.number({ error: MESSAGES.badMonth }).int().min(1).max(12),
  year: z.coerce.number({ error: MESSAGES.badYear }).int().min(2020).max(9999),
  publisher: publisherParam,
});

export const holidayQuerySchema = z.object({
  date: editionDateParam,
  publisher: publisherParam.optional(),
});
