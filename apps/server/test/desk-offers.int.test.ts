// The business desk's offers (issue 27 part 2) through HTTP: an admin schedules the
// discount banner and readers see it only inside its window, with the time to its
// end; FAQ answers edited at the desk reach readers from the next request, never
// with a script; FAQs are reordered and testimonials added. Bad input is a 400 in
// the desk's words and changes nothing; support agents and editors get 403; every
// change is in the audit log with who, when, before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannerTimeLeftMs,
  discountBannerSchema,
  faqsSchema,
  MAX_TESTIMONIALS,
  MESSAGES,
  testimonialsSchema,
} from '@folio/core';
import {
  DESK_MESSAGES,
  MAX_BANNER_TEXT,
  MAX_FAQ_ANSWER,
  MAX_FAQ_QUESTION,
  OFFER_MESSAGES,
  deskOffersSchema,
  type DeskOffers,
} from '@folio/core/desk';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const HOUR_MS = 60 * 60 * 1000;

describe.each(testBackends)('the desk’s offers on $name', (backend) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let editor: string;

  const request = (method: string, url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl, cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  /** A change as the admin, which must be taken; answers the brand's offers. */
  const change = async (method: string, url: string, body?: unknown): Promise<DeskOffers> => {
    const res = await request(method, url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return deskOffersSchema.parse(res.json());
  };
  const deskOffers = async (brand = 'dh') =>
    deskOffersSchema.parse((await request('GET', `/api/desk/offers?brand=${brand}`, admin)).json());
  const readerBanner = async () =>
    discountBannerSchema.parse((await t.app.inject({ url: '/api/discount-banner' })).json());
  const readerFaqs = async (publisher = 'dh') =>
    faqsSchema.parse((await t.app.inject({ url: `/api/faqs?publisher=${publisher}` })).json());
  const readerTestimonials = async () =>
    testimonialsSchema.parse((await t.app.inject({ url: '/api/testimonials' })).json());
  const auditEntries = async () => (await t.container.desk.audit(undefined, 100)).entries;
  /** Everything a refusal must leave as it was: the desk's view, the readers' and the log. */
  const everything = async () => ({
    dh: await deskOffers('dh'),
    pv: await deskOffers('pv'),
    banner: await readerBanner(),
    faqs: await readerFaqs(),
    testimonials: await readerTestimonials(),
    audit: (await auditEntries()).length,
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    expect(await t.container.marketing.ensureContent()).toEqual(['dh', 'pv']);
    admin = (await staffSession(t, 'offers.admin@example.com', 'admin')).cookie;
    support = (await staffSession(t, 'agent@example.com', 'support')).cookie;
    editor = (await staffSession(t, 'editor@example.com', 'editor')).cookie;
  });
  afterAll(async () => t.close());

  it('shows the admin what readers see: the banner, FAQs in order, testimonials and the count', async () => {
    const offers = await deskOffers();
    const faqs = await readerFaqs();
    expect(offers.faqs.map((faq) => faq.id)).toEqual(faqs.map((faq) => faq.id));
    expect(offers.faqs.map((faq) => faq.answer)).toEqual(faqs.map((faq) => faq.answer));
    expect(offers.testimonials.map(({ id: _id, ...rest }) => rest)).toEqual(
      await readerTestimonials(),
    );
    const banner = await readerBanner();
    expect(offers.banner).toMatchObject({
      text: banner.banner_text,
      subtext: banner.banner_subtext,
      startsAt: banner.start_date,
      endsAt: banner.expiry_date,
      active: true,
    });
    expect(offers.subscribers).toBe(0);
  });

  it('schedules the banner: readers see it only between its start and end, counting down to its end', async () => {
    const start = new Date(t.now().getTime() + HOUR_MS);
    const end = new Date(t.now().getTime() + 3 * HOUR_MS);
    const offers = await change('PUT', '/api/desk/offers/dh/banner', {
      text: '  Diwali offer: 40% off yearly plans ',
      subtext: 'Three hours only',
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      active: true,
    });
    expect(offers.banner).toEqual({
      text: 'Diwali offer: 40% off yearly plans',
      subtext: 'Three hours only',
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      active: true,
    });
    // Before its start: no banner, at once (the seeded offer it replaced was live).
    expect((await readerBanner()).is_active).toBe(false);

    t.advanceClock(2 * HOUR_MS);
    const live = await readerBanner();
    expect(live).toEqual({
      is_active: true,
      start_date: start.toISOString(),
      expiry_date: end.toISOString(),
      banner_text: 'Diwali offer: 40% off yearly plans',
      banner_subtext: 'Three hours only',
    });
    // One instant for both sides: the development clock moves with real time.
    const at = t.now();
    expect(bannerTimeLeftMs(live, at)).toBe(end.getTime() - at.getTime());
    // The other paper's banner is its own.
    const pv = discountBannerSchema.parse(
      (await t.app.inject({ url: '/api/discount-banner?publisher=pv' })).json(),
    );
    expect(pv.banner_text).not.toBe(live.banner_text);

    t.advanceClock(2 * HOUR_MS);
    expect((await readerBanner()).is_active).toBe(false);

    // Switched off inside a new window: still none.
    await change('PUT', '/api/desk/offers/dh/banner', {
      text: 'Switched off',
      subtext: 'Not shown',
      startsAt: new Date(t.now().getTime() - HOUR_MS).toISOString(),
      endsAt: new Date(t.now().getTime() + HOUR_MS).toISOString(),
      active: false,
    });
    expect((await readerBanner()).is_active).toBe(false);
    await change('PUT', '/api/desk/offers/dh/banner', {
      text: 'Back on',
      subtext: 'For an hour',
      startsAt: new Date(t.now().getTime() - HOUR_MS).toISOString(),
      endsAt: new Date(t.now().getTime() + HOUR_MS).toISOString(),
      active: true,
    });
    expect(await readerBanner()).toMatchObject({ is_active: true, banner_text: 'Back on' });
  });

  it('edits a FAQ: readers get the new answer at once, its formatting kept and its script gone', async () => {
    const [first] = await readerFaqs();
    if (!first) throw new Error('no seeded FAQ');
    const offers = await change('PATCH', `/api/desk/offers/dh/faqs/${first.id}`, {
      question: 'Can I read offline?',
      answer:
        '<p onclick="steal()">Yes, <strong>download</strong> a <a href="http://example.com/help" target="_blank">clip</a>.</p>' +
        '<script>steal()</script><ul><li>Tap an article</li></ul>',
    });
    const safe =
      '<p>Yes, <strong>download</strong> a <a href="https://example.com/help" target="_self">clip</a>.</p>' +
      '<ul><li>Tap an article</li></ul>';
    expect(offers.faqs.find((faq) => faq.id === first.id)).toEqual({
      id: first.id,
      question: 'Can I read offline?',
      answer: safe,
    });
    const seen = (await readerFaqs()).find((faq) => faq.id === first.id);
    expect(seen).toEqual({ id: first.id, question: 'Can I read offline?', answer: safe });
    // Not even the stored row keeps the script.
    const row = await t.db
      .selectFrom('faqs')
      .select('answer')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.answer).not.toMatch(/script|steal|onclick/);

    // Only the question: the answer stays.
    await change('PATCH', `/api/desk/offers/dh/faqs/${first.id}`, {
      question: 'Can I read offline, too?',
    });
    expect((await readerFaqs()).find((faq) => faq.id === first.id)).toEqual({
      id: first.id,
      question: 'Can I read offline, too?',
      answer: safe,
    });
  });

  it('adds a FAQ at the end, reorders the FAQs for readers, and removes one', async () => {
    const added = await change('POST', '/api/desk/offers/dh/faqs', {
      question: 'Is there a student plan?',
      answer: '<p>Not yet.</p>',
    });
    const last = added.faqs.at(-1);
    expect(last).toMatchObject({ question: 'Is there a student plan?', answer: '<p>Not yet.</p>' });
    expect((await readerFaqs()).at(-1)?.id).toBe(last?.id);

    const reversed = added.faqs.map((faq) => faq.id).reverse();
    const ordered = await change('PUT', '/api/desk/offers/dh/faqs/order', { ids: reversed });
    expect(ordered.faqs.map((faq) => faq.id)).toEqual(reversed);
    expect((await readerFaqs()).map((faq) => faq.id)).toEqual(reversed);
    // The other paper's order is untouched.
    const pvIds = (await readerFaqs('pv')).map((faq) => faq.id);
    expect(pvIds).toEqual([...pvIds].sort((a, b) => a - b));

    // A new FAQ follows the ordered ones; a removed one is gone for readers.
    const more = await change('POST', '/api/desk/offers/dh/faqs', {
      question: 'Newest question',
      answer: 'Plain words',
    });
    const newest = more.faqs.at(-1);
    expect(newest?.question).toBe('Newest question');
    expect((await readerFaqs()).map((faq) => faq.id)).toEqual([...reversed, newest?.id]);
    const removed = await change('DELETE', `/api/desk/offers/dh/faqs/${newest?.id}`);
    expect(removed.faqs.map((faq) => faq.id)).toEqual(reversed);
    expect((await readerFaqs()).map((faq) => faq.id)).toEqual(reversed);
  });

  it('adds and edits testimonials, up to the ten the page shows', async () => {
    const before = await deskOffers();
    const added = await change('POST', '/api/desk/offers/dh/testimonials', {
      name: 'Asha Rao',
      role: 'Teacher, Mysuru',
      message: 'The e-paper arrives before my tea.\nEvery day.',
      photo: '',
    });
    const asha = added.testimonials.at(-1);
    expect(asha).toMatchObject({ name: 'Asha Rao', photo: null });
    expect(await readerTestimonials()).toContainEqual({
      name: 'Asha Rao',
      role: 'Teacher, Mysuru',
      message: 'The e-paper arrives before my tea.\nEvery day.',
      photo: null,
    });
    await change('PATCH', `/api/desk/offers/dh/testimonials/${asha?.id}`, {
      role: 'Headmistress, Mysuru',
      photo: '/marketing/readers/portrait-2.svg',
    });
    expect(await readerTestimonials()).toContainEqual({
      name: 'Asha Rao',
      role: 'Headmistress, Mysuru',
      message: 'The e-paper arrives before my tea.\nEvery day.',
      photo: '/marketing/readers/portrait-2.svg',
    });

    for (let n = before.testimonials.length + 1; n < MAX_TESTIMONIALS; n += 1)
      await change('POST', '/api/desk/offers/dh/testimonials', {
        name: `Reader ${n}`,
        role: 'Reader',
        message: 'Good paper.',
        photo: null,
      });
    expect(await readerTestimonials()).toHaveLength(MAX_TESTIMONIALS);
    const state = await everything();
    const full = await request('POST', '/api/desk/offers/dh/testimonials', admin, {
      name: 'One too many',
      role: 'Reader',
      message: 'Hello',
      photo: null,
    });
    expect([full.statusCode, full.json().message]).toEqual([409, OFFER_MESSAGES.testimonialsFull]);
    expect(await everything()).toEqual(state);

    const last = (await deskOffers()).testimonials.at(-1);
    await change('DELETE', `/api/desk/offers/dh/testimonials/${last?.id}`);
    expect(await readerTestimonials()).toHaveLength(MAX_TESTIMONIALS - 1);
  });

  it('refuses bad input with 400 in the desk’s words, changing nothing', async () => {
    const { faqs } = await deskOffers();
    const faq = faqs[0];
    const at = t.now().getTime();
    const window = {
      startsAt: new Date(at).toISOString(),
      endsAt: new Date(at + HOUR_MS).toISOString(),
    };
    const banner = { text: 'Offer', subtext: 'Now', active: true, ...window };
    const refusals: [string, string, unknown, string][] = [
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        { ...banner, text: 'x'.repeat(MAX_BANNER_TEXT + 1) },
        MESSAGES.tooLong('text', MAX_BANNER_TEXT),
      ],
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        { ...banner, startsAt: window.endsAt, endsAt: window.startsAt },
        OFFER_MESSAGES.bannerEndBeforeStart,
      ],
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        { ...banner, endsAt: window.startsAt },
        OFFER_MESSAGES.bannerEndBeforeStart,
      ],
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        { ...banner, startsAt: 'next Tuesday' },
        OFFER_MESSAGES.bannerTimeInvalid,
      ],
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        { ...banner, text: '   ' },
        OFFER_MESSAGES.bannerTextRequired,
      ],
      ['PUT', '/api/desk/offers/xx/banner', banner, OFFER_MESSAGES.brandInvalid],
      [
        'POST',
        '/api/desk/offers/dh/faqs',
        { question: 'Q', answer: `<p>${'x'.repeat(MAX_FAQ_ANSWER)}</p>` },
        MESSAGES.tooLong('answer', MAX_FAQ_ANSWER),
      ],
      [
        'POST',
        '/api/desk/offers/dh/faqs',
        { question: 'q'.repeat(MAX_FAQ_QUESTION + 1), answer: 'A' },
        MESSAGES.tooLong('question', MAX_FAQ_QUESTION),
      ],
      [
        'POST',
        '/api/desk/offers/dh/faqs',
        { question: 'Only a script?', answer: '<script>alert(1)</script><img src=x onerror=y>' },
        OFFER_MESSAGES.answerNothingLeft,
      ],
      [
        'PATCH',
        `/api/desk/offers/dh/faqs/${faq?.id}`,
        { answer: '<script>alert(1)</script>' },
        OFFER_MESSAGES.answerNothingLeft,
      ],
      ['PATCH', `/api/desk/offers/dh/faqs/${faq?.id}`, {}, OFFER_MESSAGES.nothingToChange],
      [
        'PUT',
        '/api/desk/offers/dh/faqs/order',
        { ids: [faq?.id, faq?.id] },
        OFFER_MESSAGES.faqOrderRepeated,
      ],
      [
        'POST',
        '/api/desk/offers/dh/testimonials',
        { name: 'A', role: 'B', message: 'C', photo: 'javascript:alert(1)' },
        OFFER_MESSAGES.photoInvalid,
      ],
      [
        'POST',
        '/api/desk/offers/dh/testimonials',
        { name: 'A', role: 'B', message: 'C', photo: '//evil.example/x.png' },
        OFFER_MESSAGES.photoInvalid,
      ],
    ];
    const state = await everything();
    for (const [method, url, body, message] of refusals) {
      const res = await request(method, url, admin, body);
      expect([method, url, res.statusCode, res.json().message]).toEqual([
        method,
        url,
        400,
        message,
      ]);
    }
    // A stale order and unknown items are not bad input but still change nothing.
    const stale = await request('PUT', '/api/desk/offers/dh/faqs/order', admin, {
      ids: faqs.slice(1).map((f) => f.id),
    });
    expect([stale.statusCode, stale.json().message]).toEqual([409, OFFER_MESSAGES.faqOrderChanged]);
    const pvFaq = (await readerFaqs('pv'))[0];
    const otherPaper = await request('PATCH', `/api/desk/offers/dh/faqs/${pvFaq?.id}`, admin, {
      question: 'Not this paper’s',
    });
    expect([otherPaper.statusCode, otherPaper.json().message]).toEqual([
      404,
      OFFER_MESSAGES.faqNotFound,
    ]);
    const gone = await request('DELETE', '/api/desk/offers/dh/testimonials/999999', admin);
    expect([gone.statusCode, gone.json().message]).toEqual([
      404,
      OFFER_MESSAGES.testimonialNotFound,
    ]);
    expect(await everything()).toEqual(state);
  });

  it('refuses a support agent and an editor (403), changing nothing', async () => {
    const { faqs, testimonials } = await deskOffers();
    const at = t.now().getTime();
    const routes: [string, string, unknown][] = [
      ['GET', '/api/desk/offers?brand=dh', undefined],
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        {
          text: 'Hijacked',
          subtext: 'No',
          startsAt: new Date(at).toISOString(),
          endsAt: new Date(at + HOUR_MS).toISOString(),
          active: true,
        },
      ],
      ['POST', '/api/desk/offers/dh/faqs', { question: 'Q', answer: 'A' }],
      ['PATCH', `/api/desk/offers/dh/faqs/${faqs[0]?.id}`, { question: 'Q' }],
      ['DELETE', `/api/desk/offers/dh/faqs/${faqs[0]?.id}`, undefined],
      ['PUT', '/api/desk/offers/dh/faqs/order', { ids: faqs.map((f) => f.id).reverse() }],
      [
        'POST',
        '/api/desk/offers/dh/testimonials',
        { name: 'A', role: 'B', message: 'C', photo: null },
      ],
      ['PATCH', `/api/desk/offers/dh/testimonials/${testimonials[0]?.id}`, { name: 'X' }],
      ['DELETE', `/api/desk/offers/dh/testimonials/${testimonials[0]?.id}`, undefined],
    ];
    const state = await everything();
    for (const cookie of [support, editor])
      for (const [method, url, body] of routes) {
        const res = await request(method, url, cookie, body);
        expect([method, url, res.statusCode, res.json()]).toEqual([
          method,
          url,
          403,
          { status: 'ERROR', message: DESK_MESSAGES.roleNotAllowed, reason: 'ROLE' },
        ]);
      }
    expect(await everything()).toEqual(state);
  });

  it('audits every change: who, when, what it was and what it became', async () => {
    const entries = (await auditEntries()).filter((entry) =>
      /^(banner|faq|testimonial)\./.test(entry.action),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: 'offers.admin@example.com', role: 'admin' });
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
    }
    const actions = entries.map((entry) => entry.action).reverse();
    expect(actions.slice(0, 9)).toEqual([
      'banner.change',
      'banner.change',
      'banner.change',
      'faq.change',
      'faq.change',
      'faq.add',
      'faq.order',
      'faq.add',
      'faq.remove',
    ]);
    expect(actions.filter((a) => a === 'testimonial.add')).toHaveLength(MAX_TESTIMONIALS - 7);
    expect(actions.filter((a) => a === 'testimonial.change')).toHaveLength(1);
    expect(actions.filter((a) => a === 'testimonial.remove')).toHaveLength(1);

    const firstBanner = entries.findLast((entry) => entry.action === 'banner.change');
    expect(firstBanner?.subject).toBe('banner:dh');
    expect(firstBanner?.before).toMatchObject({ active: true });
    expect(firstBanner?.after).toMatchObject({
      text: 'Diwali offer: 40% off yearly plans',
      subtext: 'Three hours only',
    });
    const faqEdit = entries.findLast((entry) => entry.action === 'faq.change');
    expect(faqEdit?.subject).toMatch(/^faq:dh:\d+$/);
    expect(faqEdit?.after).toMatchObject({ question: 'Can I read offline?' });
    expect(JSON.stringify(faqEdit?.after)).not.toMatch(/script/);
    expect(faqEdit?.before).toHaveProperty('question');
    const order = entries.find((entry) => entry.action === 'faq.order');
    expect(order?.subject).toBe('faqs:dh');
    expect((order?.after as number[]).length).toBe((order?.before as number[]).length);
    expect(entries.find((entry) => entry.action === 'testimonial.change')?.before).toMatchObject({
      role: 'Teacher, Mysuru',
    });
  });
});
