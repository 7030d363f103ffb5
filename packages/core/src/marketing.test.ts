import { describe, expect, it } from 'vitest';
import {
  MAX_TESTIMONIALS,
  NO_DISCOUNT_BANNER,
  bannerTimeLeftMs,
  discountBannerSchema,
  faqSchema,
  faqsSchema,
  marketingQuerySchema,
  subscriberCountSchema,
  testimonialSchema,
  testimonialsSchema,
} from './marketing.ts';
import { BRANDS } from './brands.ts';

const offer = {
  is_active: true,
  start_date: '2026-11-20T06:00:00.000Z',
  expiry_date: '2026-12-21T06:00:00.000Z',
  banner_text: 'Save on yearly plans',
  banner_subtext: 'Ends in',
};

describe('bannerTimeLeftMs (spec 1 §4: visible only between start and expiry)', () => {
  it('counts the time to expiry from the start on', () => {
    expect(bannerTimeLeftMs(offer, new Date('2026-11-20T06:00:00.000Z'))).toBe(31 * 86_400_000);
    expect(bannerTimeLeftMs(offer, new Date('2026-12-21T05:59:59.000Z'))).toBe(1000);
  });

  it('is 0 before the start, from the expiry on, and for an offer switched off', () => {
    expect(bannerTimeLeftMs(offer, new Date('2026-11-20T05:59:59.999Z'))).toBe(0);
    expect(bannerTimeLeftMs(offer, new Date('2026-12-21T06:00:00.000Z'))).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, is_active: false }, new Date('2026-12-01'))).toBe(0);
    expect(bannerTimeLeftMs(NO_DISCOUNT_BANNER, new Date('2026-12-01'))).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, expiry_date: 'soon' }, new Date('2026-12-01'))).toBe(0);
  });
});

describe('marketing shapes', () => {
  it('keeps a banner whole, and the empty one too', () => {
    expect(discountBannerSchema.parse(offer)).toEqual(offer);
    expect(discountBannerSchema.parse(NO_DISCOUNT_BANNER)).toEqual(NO_DISCOUNT_BANNER);
  });

  it('reads the count as an array whose first item has it', () => {
    expect(subscriberCountSchema.parse([{ count: 3 }])).toEqual([{ count: 3 }]);
    expect(subscriberCountSchema.safeParse([{ count: -1 }]).success).toBe(false);
  });

  it('takes the publisher as optional, in any case', () => {
    expect(marketingQuerySchema.parse({})).toEqual({});
    expect(marketingQuerySchema.parse({ publisher: 'pv' })).toEqual({ publisher: BRANDS.pv });
    expect(marketingQuerySchema.safeParse({ publisher: 'XX' }).success).toBe(false);
  });
});

describe('the banner rule, field by field', () => {
  const during = new Date('2026-12-01T06:00:00.000Z');
  const left = Date.parse(offer.expiry_date) - during.getTime();

  it('counts down while the offer runs', () => {
    expect(left).toBe(20 * 86_400_000);
    expect(bannerTimeLeftMs(offer, during)).toBe(left);
  });

  it('does not show an offer without a start or an expiry, or with one unreadable', () => {
    expect(bannerTimeLeftMs({ ...offer, start_date: null }, during)).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, expiry_date: null }, during)).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, start_date: '' }, during)).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, start_date: 'yesterday' }, during)).toBe(0);
    expect(bannerTimeLeftMs({ ...offer, expiry_date: 'soon' }, during)).toBe(0);
  });

  it('counts to the millisecond at both ends', () => {
    expect(bannerTimeLeftMs(offer, new Date('2026-11-20T06:00:00.001Z'))).toBe(31 * 86_400_000 - 1);
    expect(bannerTimeLeftMs(offer, new Date('2026-12-21T05:59:59.999Z'))).toBe(1);
  });

  it('stays 0 after the expiry, never counting below it', () => {
    expect(bannerTimeLeftMs(offer, new Date('2026-12-21T06:00:00.001Z'))).toBe(0);
    expect(bannerTimeLeftMs(offer, new Date('2027-01-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('the subscribe page content', () => {
  it('keeps at most ten testimonials', () => {
    expect(MAX_TESTIMONIALS).toBe(10);
  });

  it('keeps the empty banner empty and switched off', () => {
    expect(NO_DISCOUNT_BANNER).toEqual({
      is_active: false,
      start_date: null,
      expiry_date: null,
      banner_text: '',
      banner_subtext: '',
    });
  });

  it('keeps FAQs whole, with their HTML answer, and refuses a fractional id', () => {
    const faqs = [
      { id: 1, question: 'How do I subscribe?', answer: '<p>Pick a plan.</p>' },
      { id: 2, question: 'Can I cancel?', answer: '<p>Any time.</p>' },
    ];
    expect(faqsSchema.parse(faqs)).toEqual(faqs);
    expect(faqSchema.safeParse({ ...faqs[0], id: 1.5 }).success).toBe(false);
    expect(faqSchema.safeParse({ id: 1, question: 'Q?' }).success).toBe(false);
  });

  it('keeps testimonials whole, with a photo or the default avatar', () => {
    const testimonials = [
      { name: 'Asha Rao', message: 'My morning read.', role: 'Teacher', photo: '/t/asha.webp' },
      { name: 'Ravi K', message: 'Crisp pages.', role: 'Engineer', photo: null },
    ];
    expect(testimonialsSchema.parse(testimonials)).toEqual(testimonials);
    expect(testimonialSchema.safeParse({ ...testimonials[0], photo: undefined }).success).toBe(
      false,
    );
    expect(testimonialSchema.safeParse({ ...testimonials[0], role: undefined }).success).toBe(
      false,
    );
  });

  it('reads a count of none, and refuses a fractional one', () => {
    expect(subscriberCountSchema.parse([{ count: 0 }])).toEqual([{ count: 0 }]);
    expect(subscriberCountSchema.safeParse([{ count: 2.5 }]).success).toBe(false);
  });

  it('refuses a banner whose dates are neither text nor null', () => {
    expect(discountBannerSchema.safeParse({ ...offer, start_date: 5 }).success).toBe(false);
    expect(discountBannerSchema.safeParse({ ...offer, banner_text: undefined }).success).toBe(
      false,
    );
  });
});
