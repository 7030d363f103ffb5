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

export interface DeskBannerRow extends BannerRow {
  id: number;
  is_active: boolean;
}

export interface FaqRow {
  id: number;
  question: string;
  answer: string;
}

export interface DeskTestimonialRow extends TestimonialRow {
  id: number;
}

const BANNER_COLUMNS = [
  'id',
  'is_active',
  'banner_text',
  'banner_subtext',
  'start_at',
  'expiry_at',
] as const;

const TESTIMONIAL_COLUMNS = ['id', 'name', 'message', 'role', 'photo'] as const;

export class MarketingRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async listFaqs(brand: string): Promise<FaqRow[]> {
    return (
      this.db
        .selectFrom('faqs')
        .select(['id', 'question', 'answer'])
        .where('brand', '=', brand)
        // The desk's order; FAQs it has not placed follow, in id order (migration 0020).
        .orderBy(sql`position asc nulls last`)
        .orderBy('id')
        .execute()
    );
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

  // The business desk's edits (issue 27 part 2). Each brand's FAQs and testimonials
  // are changed under an advisory lock of their own, so a count or an order read
  // in a transaction still holds when it writes.

  private async lock(trx: Kysely<Database>, what: string, brand: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`folio.marketing-${what}.${brand}`}))`.execute(
      trx,
    );
  }

  /** The brand's banner as the desk edits it: the newest one stored. */
  async deskBanner(brand: string): Promise<DeskBannerRow | undefined> {
    return this.db
      .selectFrom('discount_banners')
      .select(BANNER_COLUMNS)
      .where('brand', '=', brand)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Changes the brand's banner (the newest), or stores its first; answers it as it was and is. */
  async saveBanner(
    brand: string,
    values: Omit<DeskBannerRow, 'id'>,
  ): Promise<{ before: DeskBannerRow | undefined; after: DeskBannerRow }> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'banner', brand);
      const before = await trx
        .selectFrom('discount_banners')
        .select(BANNER_COLUMNS)
        .where('brand', '=', brand)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const after = before
        ? await trx
            .updateTable('discount_banners')
            .set(values)
            .where('id', '=', before.id)
            .returning(BANNER_COLUMNS)
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('discount_banners')
            .values({ brand, ...values })
            .returning(BANNER_COLUMNS)
            .executeTakeFirstOrThrow();
      return { before, after };
    });
  }

  async findFaq(brand: string, id: number): Promise<FaqRow | undefined> {
    return this.db
      .selectFrom('faqs')
      .select(['id', 'question', 'answer'])
      .where('brand', '=', brand)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds a FAQ at the end, unless the brand has `max` already (then undefined). */
  async addFaq(
    brand: string,
    faq: { question: string; answer: string },
    max: number,
  ): Promise<FaqRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'faqs', brand);
      const { n } = await trx
        .selectFrom('faqs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return undefined;
      return trx
        .insertInto('faqs')
        .values({ brand, ...faq })
        .returning(['id', 'question', 'answer'])
        .executeTakeFirstOrThrow();
    });
  }

  async updateFaq(
    brand: string,
    id: number,
    change: { question?: string; answer?: string },
  ): Promise<FaqRow | undefined> {
    return this.db
      .updateTable('faqs')
      .set(change)
      .where('brand', '=', brand)
      .where('id', '=', id)
      .returning(['id', 'question', 'answer'])
      .executeTakeFirst();
  }

  async deleteFaq(brand: string, id: number): Promise<FaqRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'faqs', brand);
      return trx
        .deleteFrom('faqs')
        .where('brand', '=', brand)
        .where('id', '=', id)
        .returning(['id', 'question', 'answer'])
        .executeTakeFirst();
    });
  }

  /**
   * Places the brand's FAQs in the order of `ids`, which must name each of them once;
   * answers the order before, or undefined (and changes nothing) when `ids` does not.
   */
  async orderFaqs(brand: string, ids: readonly number[]): Promise<number[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'faqs', brand);
      const rows = await trx
        .selectFrom('faqs')
        .select('id')
        .where('brand', '=', brand)
        .orderBy(sql`position asc nulls last`)
        .orderBy('id')
        .execute();
      const before = rows.map((row) => row.id);
      const wanted = new Set(ids);
      if (before.length !== wanted.size || before.some((id) => !wanted.has(id))) return undefined;
      for (const [index, id] of ids.entries())
        await trx
          .updateTable('faqs')
          .set({ position: index + 1 })
          .where('id', '=', id)
          .execute();
      return before;
    });
  }

  async listAllTestimonials(brand: string): Promise<DeskTestimonialRow[]> {
    return this.db
      .selectFrom('testimonials')
      .select(TESTIMONIAL_COLUMNS)
      .where('brand', '=', brand)
      .orderBy('id')
      .execute();
  }

  /** Adds a testimonial, unless the brand has `max` already (then undefined). */
  async addTestimonial(
    brand: string,
    testimonial: TestimonialRow,
    max: number,
  ): Promise<DeskTestimonialRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'testimonials', brand);
      const { n } = await trx
        .selectFrom('testimonials')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return undefined;
      return trx
        .insertInto('testimonials')
        .values({ brand, ...testimonial })
        .returning(TESTIMONIAL_COLUMNS)
        .executeTakeFirstOrThrow();
    });
  }

  async findTestimonial(brand: string, id: number): Promise<DeskTestimonialRow | undefined> {
    return this.db
      .selectFrom('testimonials')
      .select(TESTIMONIAL_COLUMNS)
      .where('brand', '=', brand)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async updateTestimonial(
    brand: string,
    id: number,
    change: Partial<TestimonialRow>,
  ): Promise<DeskTestimonialRow | undefined> {
    return this.db
      .updateTable('testimonials')
      .set(change)
      .where('brand', '=', brand)
      .where('id', '=', id)
      .returning(TESTIMONIAL_COLUMNS)
      .executeTakeFirst();
  }

  async deleteTestimonial(brand: string, id: number): Promise<DeskTestimonialRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, 'testimonials', brand);
      return trx
        .deleteFrom('testimonials')
        .where('brand', '=', brand)
        .where('id', '=', id)
        .returning(TESTIMONIAL_COLUMNS)
        .executeTakeFirst();
    });
  }
}
