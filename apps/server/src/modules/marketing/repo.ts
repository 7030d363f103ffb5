// SQL of the subscribe page's content and the offer banner. Plain rows out; what
// counts as live, how answers are cleaned and what a failure shows live in service.ts.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DiscountBannerTable } from '../../db/schema.ts';
import type { BrandContent } from './content.ts';

export type BannerRow = Pick<
  Selectable<DiscountBannerTable>,
  'banner_text' | 'banner_subtext' | 'start_at' | 'expiry_at'
>;

export interface TestimonialRow {
  name: string;
  message: string;
  role: string;
  photo: string | null;
}

export class MarketingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async listFaqs(brand: string): Promise<{ id: number; question: string; answer: string }[]> {
    return this.db
      .selectFrom('faqs')
      .select(['id', 'question', 'answer'])
      .where('brand', '=', brand)
      .orderBy('id')
      .execute();
  }

  async listTestimonials(brand: string, limit: number): Promise<TestimonialRow[]> {
    return this.db
      .selectFrom('testimonials')
      .select(['name', 'message', 'role', 'photo'])
      .where('brand', '=', brand)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countActiveSubscriptions(brand: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('brand', '=', brand)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The switched-on banner whose window holds `at`; the latest to start wins an overlap. */
  async findLiveBanner(brand: string, at: Date): Promise<BannerRow | undefined> {
    return this.db
      .selectFrom('discount_banners')
      .select(['banner_text', 'banner_subtext', 'start_at', 'expiry_at'])
      .where('brand', '=', brand)
      .where('is_active', '=', true)
      .where('start_at', '<=', at)
      .where('expiry_at', '>', at)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Stores a brand's starting content, in one transaction, only when the brand has
   * none of it yet: content an editor has changed (or a banner that has run its
   * course) is never brought back. Servers starting together take turns on an
   * advisory lock, so the content is stored once. Answers whether it stored it.
   */
  async seedBrand(
    brand: string,
    content: BrandContent,
    window: { start: Date; expiry: Date },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`folio.marketing-seed.${brand}`}))`.execute(
        trx,
      );
      const existing = await trx
        .selectNoFrom((eb) => [
          eb.exists(eb.selectFrom('faqs').select('id').where('brand', '=', brand)).as('faqs'),
          eb
            .exists(eb.selectFrom('testimonials').select('id').where('brand', '=', brand))
            .as('testimonials'),
          eb
            .exists(eb.selectFrom('discount_banners').select('id').where('brand', '=', brand))
            .as('banners'),
        ])
        .executeTakeFirstOrThrow();
      if (existing.faqs || existing.testimonials || existing.banners) return false;

      await trx
        .insertInto('faqs')
        .values(content.faqs.map((faq) => ({ brand, ...faq })))
        .execute();
      await trx
        .insertInto('testimonials')
        .values(content.testimonials.map((testimonial) => ({ brand, ...testimonial })))
        .execute();
      await trx
        .insertInto('discount_banners')
        .values({ brand, ...content.banner, start_at: window.start, expiry_at: window.expiry })
        .execute();
      return true;
    });
  }
}
