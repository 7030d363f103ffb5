// The subscribe page's content calls (spec 2 §7) and the reader's discount banner
// (spec 1 §7): shapes parsed with core's schemas, the starting content seeded once,
// FAQ answers cleaned on the server, the subscriber count (0 when the database
// fails) and the banner's window on the app's clock.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_TESTIMONIALS,
  discountBannerSchema,
  errorBodySchema,
  faqsSchema,
  subscriberCountSchema,
  testimonialsSchema,
} from '@folio/core';
import { createLogger } from '../src/logger.ts';
import { readMarketingContent } from '../src/modules/marketing/content.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const SEEDED_AT = new Date('2026-11-21T06:00:00Z');
const content = readMarketingContent();

describe.each(testBackends)('marketing API on $name', (backend) => {
  let t: TestApp;
  let clock = SEEDED_AT;
  const logged: string[] = [];

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(backend, {
      now: () => clock,
      log: createLogger({ logLevel: 'error' }, sink),
    });
  });
  afterAll(async () => t.close());

  describe('starting content', () => {
    it('seeds both brands once, and never again once a brand has content', async () => {
      expect(await t.container.marketing.ensureContent()).toEqual(['dh', 'pv']);
      expect(await t.container.marketing.ensureContent()).toEqual([]);
      await t.db.deleteFrom('discount_banners').execute();
      // An offer removed by an editor is not brought back while the FAQs remain.
      expect(await t.container.marketing.ensureContent()).toEqual([]);
      const banners = await t.db.selectFrom('discount_banners').select('id').execute();
      expect(banners).toEqual([]);
      await t.db.deleteFrom('faqs').execute();
      await t.db.deleteFrom('testimonials').execute();
      expect(await t.container.marketing.ensureContent()).toEqual(['dh', 'pv']);
    });

    it('has at least 8 FAQs and 6 testimonials per brand, some without a photo', () => {
      for (const brand of ['dh', 'pv'] as const) {
        expect(content[brand].faqs.length).toBeGreaterThanOrEqual(8);
        expect(content[brand].testimonials.length).toBeGreaterThanOrEqual(6);
        expect(content[brand].testimonials.some((item) => item.photo === null)).toBe(true);
        expect(content[brand].testimonials.some((item) => item.photo !== null)).toBe(true);
      }
    });
  });

  describe('release time', () => {
    it("writes the brand's release time into the served answers (docs/decisions/0024)", async () => {
      const answers = faqsSchema
        .parse((await get('/api/faqs')).json())
        .map((faq) => faq.answer)
        .join('\n');
      expect(answers).toContain('from 6:30 AM every morning');
      expect(answers).not.toMatch(/\{releaseTime\}|\b6 AM\b/);
    });
  });

  describe('GET /api/faqs', () => {
    it("answers the site's brand by default and another brand when asked", async () => {
      const res = await get('/api/faqs');
      expect(res.statusCode).toBe(200);
      const faqs = faqsSchema.parse(res.json());
      expect(faqs.map((faq) => faq.question)).toEqual(content.dh.faqs.map((faq) => faq.question));
      const kannada = faqsSchema.parse((await get('/api/faqs?publisher=PV')).json());
      expect(kannada.map((faq) => faq.question)).toEqual(
        content.pv.faqs.map((faq) => faq.question),
      );
    });

    it('lets shared caches keep the answer for five minutes', async () => {
      expect((await get('/api/faqs')).headers['cache-control']).toBe('public, max-age=300');
    });

    it('sorts by id whatever order the rows were stored in', async () => {
      await t.db
        .insertInto('faqs')
        .values([
          { id: 9002, brand: 'dh', question: 'Stored first', answer: '<p>First</p>' },
          { id: 9001, brand: 'dh', question: 'Stored second', answer: '<p>Second</p>' },
        ])
        .execute();
      const faqs = faqsSchema.parse((await get('/api/faqs')).json());
      const ids = faqs.map((faq) => faq.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(faqs.slice(-2).map((faq) => faq.question)).toEqual(['Stored second', 'Stored first']);
      await t.db.deleteFrom('faqs').where('id', 'in', [9001, 9002]).execute();
    });

    it('cleans the seeded answers: no script or handler, every link https in the same tab', async () => {
      for (const publisher of ['DH', 'PV']) {
        const faqs = faqsSchema.parse((await get(`/api/faqs?publisher=${publisher}`)).json());
        const answers = faqs.map((faq) => faq.answer).join('\n');
        expect(answers).not.toMatch(/<script|onclick|stealCookies|http:\/\//i);
        const links = answers.match(/<a [^>]*>/g) ?? [];
        expect(links.length).toBeGreaterThanOrEqual(3);
        for (const link of links) expect(link).toMatch(/ target="_self"/);
        expect(answers).toContain('href="https://www.');
      }
      const dh = faqsSchema.parse((await get('/api/faqs')).json());
      expect(dh.map((faq) => faq.answer).join()).toContain(
        '<a href="https://www.deccanherald.com/privacy-policy" target="_self">privacy policy</a>',
      );
    });

    it('keeps only the allowed tags and drops links that are not http(s)', async () => {
      const { id } = await t.db
        .insertInto('faqs')
        .values({
          brand: 'pv',
          question: 'Hostile',
          answer:
            '<p onclick="x()" style="position:fixed">Hi <img src="x" onerror="alert(1)">' +
            '<a href="javascript:alert(1)">bad</a> <a href="http://example.com/a" target="_blank">ok</a>' +
            ' <a href="/contact">here</a></p><script>alert(1)</script><h1>Title</h1>' +
            '<iframe src="https://evil.example"></iframe><ul><li><span>x</span></li></ul>',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const faqs = faqsSchema.parse((await get('/api/faqs?publisher=pv')).json());
      expect(faqs.find((faq) => faq.id === id)?.answer).toBe(
        '<p>Hi <a target="_self">bad</a> <a href="https://example.com/a" target="_self">ok</a>' +
          ' <a href="/contact" target="_self">here</a></p>Title<ul><li><span>x</span></li></ul>',
      );
      await t.db.deleteFrom('faqs').where('id', '=', id).execute();
    });
  });

  describe('GET /api/testimonials', () => {
    it('answers name, message, role and photo, the photo null where there is none', async () => {
      const res = await get('/api/testimonials?publisher=pv');
      expect(res.statusCode).toBe(200);
      expect(testimonialsSchema.parse(res.json())).toEqual(
        content.pv.testimonials.map(({ name, message, role, photo }) => ({
          name,
          message,
          role,
          photo,
        })),
      );
    });

    it('answers at most 10, the earliest first', async () => {
      await t.db
        .insertInto('testimonials')
        .values(
          Array.from({ length: 12 }, (_, index) => ({
            brand: 'dh',
            name: `Extra reader ${index}`,
            message: 'A fine paper.',
            role: 'Reader',
            photo: null,
          })),
        )
        .execute();
      const body: unknown = (await get('/api/testimonials')).json();
      expect(Array.isArray(body) && body.length).toBe(MAX_TESTIMONIALS);
      const names = testimonialsSchema.parse(body).map((item) => item.name);
      expect(names.slice(0, content.dh.testimonials.length)).toEqual(
        content.dh.testimonials.map((item) => item.name),
      );
    });
  });

  describe('GET /api/pop-up/count', () => {
    const count = async (query = '') => {
      const res = await get(`/api/pop-up/count${query}`);
      expect(res.statusCode).toBe(200);
      return subscriberCountSchema.parse(res.json());
    };

    it('counts the active subscriptions of the brand only', async () => {
      expect(await count()).toEqual([{ count: 0 }]);
      const { id: groupId } = await t.db
        .insertInto('subscription_groups')
        .values({
          brand: 'dh',
          catalogue_key: 'marketing-test',
          name: 'Digital',
          custom_attributes: '[]',
          metadata_fields: '[]',
          sort: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: planId } = await t.db
        .insertInto('subscription_plans')
        .values({
          group_id: groupId,
          brand: 'dh',
          catalogue_key: 'marketing-test-monthly',
          title: 'Monthly',
          price_cents: 19_900,
          price_currency: 'INR',
          duration_unit: 'month',
          duration_length: 1,
          recurring: true,
          assets: '[]',
          custom_attributes: '[]',
          sort: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const subscription = (n: number, brand: string, status: 'active' | 'expired') => ({
        user_id: `reader-${n}`,
        brand,
        plan_id: planId,
        plan_title: 'Monthly',
        archive_days: 30,
        duration_unit: 'month',
        duration_length: 1,
        status,
        start_date: '2026-11-01',
        end_date: '2026-12-01',
        auto_renew: true,
        price_minor: 19_900,
        currency: 'INR',
        provider: 'sandbox',
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      });
      await t.db
        .insertInto('subscriptions')
        .values([
          subscription(1, 'dh', 'active'),
          subscription(2, 'dh', 'active'),
          subscription(3, 'dh', 'expired'),
          subscription(4, 'pv', 'active'),
        ])
        .execute();
      expect(await count()).toEqual([{ count: 2 }]);
      expect(await count('?publisher=PV')).toEqual([{ count: 1 }]);
    });

    it('answers 0 and logs when the database cannot count', async () => {
      await sql`alter table subscriptions rename to subscriptions_away`.execute(t.db);
      try {
        expect(await count()).toEqual([{ count: 0 }]);
      } finally {
        await sql`alter table subscriptions_away rename to subscriptions`.execute(t.db);
      }
      expect(logged.join('')).toContain('subscriber count failed');
      expect(await count()).toEqual([{ count: 2 }]);
    });
  });

  describe('GET /api/discount-banner', () => {
    const banner = async (query = '') => {
      const res = await get(`/api/discount-banner${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      return discountBannerSchema.parse(res.json());
    };
    const inactive = {
      is_active: false,
      start_date: null,
      expiry_date: null,
      banner_text: '',
      banner_subtext: '',
    };

    it('shows the seeded offer from a day before the seed to 30 days after', async () => {
      expect(await banner()).toEqual({
        is_active: true,
        start_date: new Date(SEEDED_AT.getTime() - DAY_MS).toISOString(),
        expiry_date: new Date(SEEDED_AT.getTime() + 30 * DAY_MS).toISOString(),
        ...content.dh.banner,
      });
      expect((await banner('?publisher=PV')).banner_text).toBe(content.pv.banner.banner_text);
    });

    it('shows nothing once the offer has expired, by the server clock', async () => {
      clock = new Date(SEEDED_AT.getTime() + 30 * DAY_MS - 1000);
      expect((await banner()).is_active).toBe(true);
      clock = new Date(SEEDED_AT.getTime() + 30 * DAY_MS);
      expect(await banner()).toEqual(inactive);
    });

    it('shows an offer only from its start, and never one switched off', async () => {
      const start = new Date(clock.getTime() + HOUR_MS);
      const window = { start_at: start, expiry_at: new Date(start.getTime() + DAY_MS) };
      await t.db
        .insertInto('discount_banners')
        .values([
          { brand: 'dh', banner_text: 'Weekend sale', banner_subtext: 'Ends soon', ...window },
          {
            brand: 'dh',
            is_active: false,
            banner_text: 'Withdrawn',
            banner_subtext: '',
            ...window,
          },
        ])
        .execute();
      expect(await banner()).toEqual(inactive);
      clock = start;
      expect(await banner()).toMatchObject({ is_active: true, banner_text: 'Weekend sale' });
      expect(await banner('?publisher=pv')).toEqual(inactive);
    });
  });

  describe('refusals', () => {
    it.each(['/api/faqs', '/api/testimonials', '/api/pop-up/count', '/api/discount-banner'])(
      '%s refuses an unknown publisher with a 400',
      async (path) => {
        const res = await get(`${path}?publisher=XX`);
        expect(res.statusCode).toBe(400);
        expect(errorBodySchema.parse(res.json())).toEqual({
          status: 'ERROR',
          message: 'Unknown publisher "XX"',
        });
        expect(res.headers['cache-control']).toBeUndefined();
        expect((await get(`${path}?publisher=${'D'.repeat(65)}`)).statusCode).toBe(400);
      },
    );
  });
});
