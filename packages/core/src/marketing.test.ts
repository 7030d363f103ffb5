import { describe, expect, it } from 'vitest';
import {
  NO_DISCOUNT_BANNER,
  bannerTimeLeftMs,
  discountBannerSchema,
  marketingQuerySchema,
  subscriberCountSchema,
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
