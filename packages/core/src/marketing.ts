// The subscribe page's content besides plans (spec 2 §2, §3, §7) and the reader's
// discount banner (spec 1 §3, §4, §7): one contract for the server's answers and
// the web app's parsing, plus the rule both apply to decide whether an offer shows.
import { z } from 'zod';
import { publisherParam } from './epaper.ts';

/** Testimonials kept for the carousel (spec 2 §9). */
export const MAX_TESTIMONIALS = 10;

/** Query of every marketing call: the site's own brand unless ?publisher= names another. */
export const marketingQuerySchema = z.object({ publisher: publisherParam.optional() });

export const faqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** HTML, already sanitised by the server; the web app sanitises it again before drawing. */
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqsSchema = z.array(faqSchema);

export const testimonialSchema = z.object({
  name: z.string(),
  message: z.string(),
  role: z.string(),
  /** Site path of the reader's photo, or null for the default avatar. */
  photo: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
/** The server sends at most MAX_TESTIMONIALS; a client keeps the first that many whatever it is sent. */
export const testimonialsSchema = z.array(testimonialSchema);

/** Spec 2 §3: an array whose first item has the count. */
export const subscriberCountSchema = z.array(z.object({ count: z.number().int().min(0) }));
export type SubscriberCount = z.infer<typeof subscriberCountSchema>;

export const discountBannerSchema = z.object({
  is_active: z.boolean(),
  /** ISO 8601 instants; null when no offer is running. */
  start_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  banner_text: z.string(),
  banner_subtext: z.string(),
});
export type DiscountBanner = z.infer<typeof discountBannerSchema>;

export const NO_DISCOUNT_BANNER: DiscountBanner = {
  is_active: false,
  start_date: null,
  expiry_date: null,
  banner_text: '',
  banner_subtext: '',
};

/**
 * Milliseconds the offer has left at `now`, or 0 when it does not show: it is
 * switched off, has not started, or has expired (spec 1 §4: visible only between
 * its start and expiry dates).
 */
export function bannerTimeLeftMs(banner: DiscountBanner, now: Date): number {
  if (!banner.is_active || !banner.start_date || !banner.expiry_date) return 0;
  const start = Date.parse(banner.start_date);
  const expiry = Date.parse(banner.expiry_date);
  const at = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(expiry) || at < start || at >= expiry) return 0;
  return expiry - at;
}
