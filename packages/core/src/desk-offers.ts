// The business desk's offers (issue 27 part 2): the discount banner and its window,
// the subscribe page's FAQs (per brand, in the desk's order, answers as safe HTML)
// and testimonials. The shapes the desk's routes take and answer, their bounds and
// their messages; reached through `@folio/core/desk`.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';
import { boundedString, hasControlCharacters, MAX_DB_INTEGER } from './bounds.ts';
import { MAX_TESTIMONIALS } from './marketing.ts';
import { MESSAGES } from './messages.ts';

/** The banner's first line; one line on a phone's reader. */
export const MAX_BANNER_TEXT = 120;
/** The banner's second line. */
export const MAX_BANNER_SUBTEXT = 200;
export const MAX_FAQ_QUESTION = 200;
/** An answer's HTML, tags included. */
export const MAX_FAQ_ANSWER = 4000;
/** The most FAQs a brand keeps (the order a desk sends lists them all). */
export const MAX_FAQS = 50;
export const MAX_TESTIMONIAL_NAME = 80;
export const MAX_TESTIMONIAL_ROLE = 120;
export const MAX_TESTIMONIAL_MESSAGE = 600;
export const MAX_TESTIMONIAL_PHOTO = 300;

export const OFFER_MESSAGES = {
  brandInvalid: 'Choose dh or pv.',
  bannerTextRequired: 'Write the offer’s headline.',
  bannerSubtextRequired: 'Write the line under the headline.',
  bannerTimeInvalid: 'Give the start and the end as a date and a time.',
  bannerEndBeforeStart: 'The offer must end after it starts.',
  questionRequired: 'Write the question.',
  answerRequired: 'Write the answer.',
  answerNothingLeft:
    'Once scripts and unsupported markup are removed, the answer has no text left for readers.',
  faqNotFound: 'No such FAQ for this paper.',
  faqsFull: `A paper keeps at most ${MAX_FAQS} FAQs. Remove one first.`,
  faqOrderRepeated: 'Each FAQ may appear only once in the order.',
  faqOrderChanged: 'The FAQs changed since you opened them. Load them again and reorder.',
  nameRequired: 'Write the reader’s name.',
  roleRequired: 'Write who the reader is (for example, their work and city).',
  messageRequired: 'Write what the reader said.',
  photoInvalid:
    'Give the photo as a path on this site, such as /marketing/readers/portrait-1.svg, or leave it empty.',
  testimonialNotFound: 'No such testimonial for this paper.',
  testimonialsFull: `The subscribe page shows at most ${MAX_TESTIMONIALS} testimonials. Remove one first.`,
  nothingToChange: 'Say what to change.',
} as const;

const brandSchema = z.enum(BRAND_CODES, { error: OFFER_MESSAGES.brandInvalid });

/** A string of at most `max` characters that may hold line breaks and tabs, but no other control characters. */
function boundedText(field: string, max: number) {
  return z
    .string({ error: MESSAGES.notText(field) })
    .max(max, { error: MESSAGES.tooLong(field, max), abort: true })
    .refine((value) => !hasControlCharacters(value.replace(/[\n\r\t]/g, ' ')), {
      error: MESSAGES.controlCharacters(field),
      abort: true,
    });
}

/** Trimmed, and refused with `required` when nothing is left. */
const filled = <T extends z.ZodType<string>>(schema: T, required: string) =>
  schema.transform((value) => value.trim()).refine((value) => value !== '', { error: required });

const instantSchema = z.iso.datetime({ offset: true, error: OFFER_MESSAGES.bannerTimeInvalid });

export const offersQuerySchema = z.strictObject({ brand: brandSchema });
export const offersBrandParamsSchema = z.strictObject({ brand: brandSchema });
const idSchema = z.coerce.number().int().min(1).max(MAX_DB_INTEGER);
export const offerItemParamsSchema = z.strictObject({ brand: brandSchema, id: idSchema });

export const bannerInputSchema = z
  .strictObject({
    text: filled(boundedString('text', MAX_BANNER_TEXT), OFFER_MESSAGES.bannerTextRequired),
    subtext: filled(
      boundedString('subtext', MAX_BANNER_SUBTEXT),
      OFFER_MESSAGES.bannerSubtextRequired,
    ),
    /** ISO 8601 instants with their offset ("2026-11-21T04:30:00.000Z"). */
    startsAt: instantSchema,
    endsAt: instantSchema,
    /** Off: readers see no banner whatever its window. */
    active: z.boolean(),
  })
  .refine((banner) => Date.parse(banner.endsAt) > Date.parse(banner.startsAt), {
    error: OFFER_MESSAGES.bannerEndBeforeStart,
    path: ['endsAt'],
  });
export type BannerInput = z.input<typeof bannerInputSchema>;

const questionSchema = filled(
  boundedString('question', MAX_FAQ_QUESTION),
  OFFER_MESSAGES.questionRequired,
);
const answerSchema = filled(boundedText('answer', MAX_FAQ_ANSWER), OFFER_MESSAGES.answerRequired);

export const faqInputSchema = z.strictObject({ question: questionSchema, answer: answerSchema });
export type FaqInput = z.input<typeof faqInputSchema>;
export const faqChangeSchema = z
  .strictObject({ question: questionSchema.optional(), answer: answerSchema.optional() })
  .refine((change) => change.question !== undefined || change.answer !== undefined, {
    error: OFFER_MESSAGES.nothingToChange,
  });
export type FaqChange = z.input<typeof faqChangeSchema>;

export const faqOrderSchema = z.strictObject({
  /** Every FAQ of the brand, once each, first shown first. */
  ids: z
    .array(idSchema)
    .min(1)
    .max(MAX_FAQS)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: OFFER_MESSAGES.faqOrderRepeated,
    }),
});

/** A path on this site: a slash, then letters, digits and - _ . / (no "..", no host, no scheme). */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._\-/]*$/;
const photoSchema = boundedString('photo', MAX_TESTIMONIAL_PHOTO)
  .transform((value) => value.trim())
  .refine((value) => value === '' || (SITE_PATH.test(value) && !value.includes('..')), {
    error: OFFER_MESSAGES.photoInvalid,
  })
  .transform((value) => (value === '' ? null : value));

const testimonialFields = {
  name: filled(boundedString('name', MAX_TESTIMONIAL_NAME), OFFER_MESSAGES.nameRequired),
  role: filled(boundedString('role', MAX_TESTIMONIAL_ROLE), OFFER_MESSAGES.roleRequired),
  message: filled(boundedText('message', MAX_TESTIMONIAL_MESSAGE), OFFER_MESSAGES.messageRequired),
  /** A path on this site; empty or null for the default avatar. */
  photo: photoSchema.nullable(),
};
export const testimonialInputSchema = z.strictObject(testimonialFields);
export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export const testimonialChangeSchema = z
  .strictObject({
    name: testimonialFields.name.optional(),
    role: testimonialFields.role.optional(),
    message: testimonialFields.message.optional(),
    photo: testimonialFields.photo.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: OFFER_MESSAGES.nothingToChange,
  });
export type TestimonialChange = z.input<typeof testimonialChangeSchema>;

export const deskBannerSchema = z.object({
  text: z.string(),
  subtext: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
});
export type DeskBanner = z.infer<typeof deskBannerSchema>;

export const deskFaqSchema = z.object({
  id: z.number(),
  question: z.string(),
  /** Cleaned to the FAQ allow-list, as readers get it (and as changes are stored). */
  answer: z.string(),
});
export type DeskFaq = z.infer<typeof deskFaqSchema>;

export const deskTestimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  message: z.string(),
  photo: z.string().nullable(),
});
export type DeskTestimonial = z.infer<typeof deskTestimonialSchema>;

export const deskOffersSchema = z.object({
  brand: z.enum(BRAND_CODES),
  /** The brand's banner; null before one is set. */
  banner: deskBannerSchema.nullable(),
  /** In the order readers see them. */
  faqs: z.array(deskFaqSchema),
  /** In the order readers see them; the first MAX_TESTIMONIALS are shown. */
  testimonials: z.array(deskTestimonialSchema),
  /** The subscribe page's '{count}+': readers subscribed now (counted, not edited). */
  subscribers: z.number(),
});
export type DeskOffers = z.infer<typeof deskOffersSchema>;
