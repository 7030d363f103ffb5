// Rules behind the subscribe page's content and the reader's offer banner.
import type { FastifyBaseLogger } from 'fastify';
import {
  BRAND_CODES,
  MAX_TESTIMONIALS,
  NO_DISCOUNT_BANNER,
  type BrandCode,
  type DiscountBanner,
  type Faq,
  type Testimonial,
} from '@folio/core';
import { sanitizeFaqAnswer } from './answer-html.ts';
import { readMarketingContent, type MarketingContent } from './content.ts';
import type { MarketingRepo } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The starting banner runs from a day before the first start to a month after, so
 * a fresh site shows an offer with a countdown that has a while to go.
 */
const SEED_BANNER_LEAD_MS = DAY_MS;
const SEED_BANNER_RUN_MS = 30 * DAY_MS;

export class MarketingService {
  constructor(
    private readonly repo: MarketingRepo,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Gives each brand without any marketing content its starting content; answers which. */
  async ensureContent(content: MarketingContent = readMarketingContent()): Promise<BrandCode[]> {
    const at = this.now().getTime();
    const window = {
      start: new Date(at - SEED_BANNER_LEAD_MS),
      expiry: new Date(at + SEED_BANNER_RUN_MS),
    };
    const seeded: BrandCode[] = [];
    for (const brand of BRAND_CODES) {
      if (await this.repo.seedBrand(brand, content[brand], window)) seeded.push(brand);
    }
    return seeded;
  }

  async faqs(brand: BrandCode): Promise<Faq[]> {
    const rows = await this.repo.listFaqs(brand);
    return rows.map((row) => ({ ...row, answer: sanitizeFaqAnswer(row.answer) }));
  }

  async testimonials(brand: BrandCode): Promise<Testimonial[]> {
    return this.repo.listTestimonials(brand, MAX_TESTIMONIALS);
  }

  /**
   * Readers with a running subscription. A marketing figure: when the database
   * cannot answer, the banner shows 0 (spec 2 §2) rather than failing the page.
   */
  async subscriberCount(brand: BrandCode): Promise<number> {
    try {
      return await this.repo.countActiveSubscriptions(brand);
    } catch (error) {
      this.log.error({ err: error, brand }, 'subscriber count failed; answering 0');
      return 0;
    }
  }

  /** The offer running now by the server's clock, or an inactive banner with no text. */
  async discountBanner(brand: BrandCode): Promise<DiscountBanner> {
    const banner = await this.repo.findLiveBanner(brand, this.now());
    if (!banner) return NO_DISCOUNT_BANNER;
    return {
      is_active: true,
      start_date: banner.start_at.toISOString(),
      expiry_date: banner.expiry_at.toISOString(),
      banner_text: banner.banner_text,
      banner_subtext: banner.banner_subtext,
    };
  }
}
