// Receipts and invoices (issue 27 part 6, decision 0036) through HTTP, on a real
// database and the sandbox provider: a purchase makes one invoice however many times
// its payment is reported, numbered consecutively per brand and restarted each
// financial year; its receipt carries the number and the publisher's details (an SMS
// with the link for a phone-only reader); INR prices show their GST split, USD ones
// none; the PDF downloads for its owner only, lists a refund, and support can
// download it and resend the receipt or a notice (audited) where an editor cannot.
// A receipt the mail server refused stays unsent until the scheduler's sweep.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_NOT_FOUND,
  checkoutResponseSchema,
  readerInvoicesSchema,
  subscriptionPlansSchema,
  type SubscriptionPlan,
} from '@folio/core';
import { CARE_MESSAGES, careReaderSchema } from '@folio/core/desk';
import {
  SANDBOX_EVENT_HEADER,
  SANDBOX_SIGNATURE_HEADER,
} from '../src/modules/payments/sandbox-provider.ts';
import { invoiceMoney } from '../src/modules/subscriptions/invoice-pdf.ts';
import { financialYearOf, taxOf } from '../src/modules/subscriptions/invoice-rules.ts';
import { RECEIPT_RETRY_MS } from '../src/modules/subscriptions/receipts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, post, signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const DEV_GSTIN = '29AAAAA0000A1Z5';
/** pdf.js reads the 14 standard fonts' metrics from its own folder. */
const standardFontDataUrl =
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  ) + path.sep;

/** Every piece of text on the PDF's pages, runs joined by spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const words: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) words.push(item.str);
  }
  await doc.destroy();
  return words.join(' ').replace(/\s+/g, ' ');
}

/** Buys `plan` on the sandbox's checkout page and returns from it; answers the order's id. */
async function buy(t: TestApp, who: SignedIn, plan: SubscriptionPlan, returns = true) {
  const res = await post(
    t,
    '/api/subscriptions/checkout',
    {
      publisher: 'DH',
      planId: plan.id,
      termsAccepted: true,
      idempotencyKey: `key-${Math.random()}`,
    },
    { cookie: who.cookie },
  );
  expect(res.statusCode, res.body).toBe(200);
  const started = checkoutResponseSchema.parse(res.json());
  if (started.kind !== 'payment') throw new Error('expected a payment');
  const page = new URL(started.checkout.url);
  const pressed = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
  });
  expect(pressed.statusCode).toBe(303);
  const back = new URL(String(pressed.headers.location));
  const returnNow = () => t.app.inject({ url: `${back.pathname}${back.search}` });
  if (returns) expect((await returnNow()).statusCode).toBe(303);
  return { orderId: started.orderId, returnNow };
}

async function plansOf(t: TestApp) {
  const plans = subscriptionPlansSchema.parse(
    (await t.app.inject({ url: '/api/subscription-plans?publisher=DH' })).json(),
  );
  const find = (title: string, currency: string) => {
    const plan = plans.find((p) => p.title === title && p.price_currency === currency);
    if (!plan) throw new Error(`no ${title} ${currency} plan`);
    return plan;
  };
  return { monthly: find('Monthly', 'INR'), usd: plans.find((p) => p.price_currency === 'USD') };
}

describe.each(testBackends)('invoices and receipts on $name', (backend) => {
  let t: TestApp;
  let reader: SignedIn;
  let other: SignedIn;
  let support: string;
  let editor: string;
  let monthly: SubscriptionPlan;
  /** This financial year, e.g. 26-27. */
  let fy: string;

  const invoiceRows = () => t.db.selectFrom('invoices').selectAll().orderBy('id').execute();
  const mailsTo = (to: string) => (t.container.outbox?.list() ?? []).filter((m) => m.to === to);
  const download = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const readerInvoices = async (who: SignedIn) =>
    readerInvoicesSchema.parse(
      (
        await call(t, 'GET', '/api/subscriptions/invoices?publisher=DH', { cookie: who.cookie })
      ).json(),
    ).invoices;

  beforeAll(async () => {
    t = await createTestApp(backend);
    support = (await staffSession(t, 'care@example.com', 'support')).cookie;
    editor = (await staffSession(t, 'night@example.com', 'editor')).cookie;
    reader = await signIn(t, { email: `asha-${backend.name}@example.com` });
    other = await signIn(t, { email: `ravi-${backend.name}@example.com` });
    monthly = (await plansOf(t)).monthly;
    fy = financialYearOf(t.now(), t.config.publisherTz);
  });
  afterAll(async () => t.close());

  it('makes one invoice of a payment reported by two webhooks and the return, and mails its receipt', async () => {
    const { orderId, returnNow } = await buy(t, reader, monthly, false);
    const order = await t.db
      .selectFrom('sandbox_orders as s')
      .innerJoin('payment_orders as o', 'o.provider_order_id', 's.id')
      .select(['s.id', 's.payment_id'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      event: 'payment.captured',
      order_id: order.id,
      payment_id: order.payment_id,
      mandate_id: null,
      amount: monthly.price_cents,
      error: null,
    });
    for (const eventId of ['evt-one', 'evt-two', 'evt-one']) {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload: body,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: t.container.sandbox?.signWebhook(body) ?? '',
          [SANDBOX_EVENT_HEADER]: eventId,
        },
      });
      expect(hook.statusCode, hook.body).toBe(200);
    }
    expect((await returnNow()).statusCode).toBe(303);
    const rows = await invoiceRows();
    expect(rows.map((r) => [r.order_id, r.number])).toEqual([[orderId, `DH/${fy}/000001`]]);
    const tax = taxOf(monthly.price_cents, 'INR');
    expect(rows[0]).toMatchObject({
      amount_minor: monthly.price_cents,
      currency: 'INR',
      tax_kind: 'intra-state',
      sac: '998431',
      taxable_minor: tax.taxableMinor,
      cgst_minor: tax.cgstMinor,
      sgst_minor: tax.sgstMinor,
      igst_minor: 0,
      buyer_email: `asha-${backend.name}@example.com`,
      plan_title: 'Monthly',
    });
    expect(rows[0]?.receipt_sent_at).not.toBeNull();

    const mails = mailsTo(`asha-${backend.name}@example.com`).filter((m) =>
      m.subject?.includes('receipt'),
    );
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? '';
    for (const part of [
      `Invoice number: DH/${fy}/000001`,
      `Amount paid: ${invoiceMoney(monthly.price_cents, 'INR')}`,
      `CGST 9%: ${invoiceMoney(tax.cgstMinor, 'INR')}`,
      `SGST 9%: ${invoiceMoney(tax.sgstMinor, 'INR')}`,
      `Payment id: ${order.payment_id}`,
      'Plan: Monthly (',
      t.config.publisher.legalName,
      `GSTIN: ${DEV_GSTIN}`,
      t.config.publisher.supportEmail,
      `${t.config.publicUrl}/profile?tab=subscriptions`,
    ])
      expect(text).toContain(part);
    const log = await t.db
      .selectFrom('subscription_log')
      .select(['event', 'detail'])
      .where('order_id', '=', orderId)
      .where('event', '=', 'notice: receipt')
      .execute();
    expect(log).toEqual([{ event: 'notice: receipt', detail: `DH/${fy}/000001 by e-mail` }]);
  });

  it('numbers the next payment consecutively, and texts a phone-only reader the link', async () => {
    const phoneOnly = await signIn(t, { phoneNumber: '+919812345678' });
    await buy(t, phoneOnly, monthly);
    expect((await invoiceRows()).map((r) => r.number)).toEqual([
      `DH/${fy}/000001`,
      `DH/${fy}/000002`,
    ]);
    const sms = mailsTo('+919812345678').filter((m) => m.text.includes('invoice'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain(`DH/${fy}/000002`);
    expect(sms[0]?.text).toContain(`${t.config.publicUrl}/profile?tab=subscriptions`);
  });

  it('charges no GST on a payment in dollars: an export of services', async () => {
    const usd = (await plansOf(t)).usd;
    if (!usd) throw new Error('no USD plan');
    const { orderId } = await buy(t, other, usd);
    const row = (await invoiceRows()).find((r) => r.order_id === orderId);
    expect(row).toMatchObject({
      currency: 'USD',
      tax_kind: 'export',
      taxable_minor: usd.price_cents,
      cgst_minor: 0,
      sgst_minor: 0,
      igst_minor: 0,
    });
    const [listed] = await readerInvoices(other);
    if (!listed) throw new Error('no invoice listed');
    const pdf = await download(listed.url, other.cookie);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Export of services without payment of tax');
    expect(text).not.toContain('Tax invoice');
    expect(text).not.toContain('CGST');
    expect(text).toContain(invoiceMoney(usd.price_cents, 'USD'));
  });

  it('lists the reader’s invoices and downloads the PDF for its owner only', async () => {
    const [listed, ...rest] = await readerInvoices(reader);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      number: `DH/${fy}/000001`,
      plan: 'Monthly',
      amountMinor: monthly.price_cents,
      url: `/api/subscriptions/invoices/DH-${fy}-000001.pdf`,
    });
    const url = listed?.url ?? '';
    const pdf = await download(url, reader.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="DH-${fy}-000001.pdf"`);
    // Personal answers are no-store whatever the route says (http/security.ts).
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = await pdfText(pdf.rawPayload);
    const tax = taxOf(monthly.price_cents, 'INR');
    for (const part of [
      'Tax invoice',
      `DH/${fy}/000001`,
      DEV_GSTIN,
      t.config.publisher.legalName,
      '998431',
      'CGST 9%',
      invoiceMoney(tax.taxableMinor, 'INR'),
      invoiceMoney(tax.cgstMinor, 'INR'),
      invoiceMoney(monthly.price_cents, 'INR'),
    ])
      expect(text).toContain(part);

    const stranger = await download(url, other.cookie);
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, INVOICE_NOT_FOUND]);
    const missing = await download(
      `/api/subscriptions/invoices/DH-${fy}-000999.pdf`,
      reader.cookie,
    );
    expect([missing.statusCode, missing.json().message]).toEqual([404, INVOICE_NOT_FOUND]);
    const bad = await download('/api/subscriptions/invoices/..%2Fsecret.pdf', reader.cookie);
    expect(bad.statusCode).toBe(400);
    expect((await download(url)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/subscriptions/invoices?publisher=DH', {})).statusCode).toBe(
      401,
    );
  });

  it('lets support download any invoice, with a half refund listed, and resend its receipt', async () => {
    const page = careReaderSchema.parse(
      (
        await call(t, 'GET', `/api/desk/care/readers/${reader.body.user.id}`, { cookie: support })
      ).json(),
    );
    const payment = page.payments[0];
    if (!payment?.invoice) throw new Error('no invoice on the payment');
    expect(payment.invoice).toEqual({
      number: `DH/${fy}/000001`,
      file: `DH-${fy}-000001.pdf`,
      receiptSent: true,
    });
    const half = Math.floor(monthly.price_cents / 2);
    const refunded = await post(
      t,
      `/api/desk/care/payments/${payment.paymentId}/refunds`,
      { amountMinor: half, reason: 'Half a month unused' },
      { cookie: support },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const pdf = await download(`/api/desk/care/invoices/${payment.invoice.file}`, support);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Refunded');
    expect(text).toContain(invoiceMoney(half, 'INR'));
    expect(text).toContain(payment.paymentId);
    const unknown = await download(`/api/desk/care/invoices/DH-${fy}-000999.pdf`, support);
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      CARE_MESSAGES.invoiceNotFound,
    ]);

    const to = `asha-${backend.name}@example.com`;
    const before = mailsTo(to).length;
    const resent = await post(
      t,
      `/api/desk/care/payments/${payment.paymentId}/receipt`,
      {},
      {
        cookie: support,
      },
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(mailsTo(to)).toHaveLength(before + 1);
    expect(mailsTo(to)[0]?.text).toContain(`DH/${fy}/000001`);
    const nobody = await post(
      t,
      '/api/desk/care/payments/pay_nobody/receipt',
      {},
      {
        cookie: support,
      },
    );
    expect([nobody.statusCode, nobody.json().message]).toEqual([
      404,
      CARE_MESSAGES.paymentNotFound,
    ]);
    const tooLong = await post(
      t,
      `/api/desk/care/payments/${'p'.repeat(65)}/receipt`,
      {},
      {
        cookie: support,
      },
    );
    expect(tooLong.statusCode).toBe(400);
    const extra = await post(
      t,
      `/api/desk/care/payments/${payment.paymentId}/receipt`,
      { to: 'someone@else.example' },
      { cookie: support },
    );
    expect(extra.statusCode).toBe(400);
    expect(mailsTo(to)).toHaveLength(before + 1);
  });

  it('resends a subscription’s latest notice, and says when there is none', async () => {
    const readerId = reader.body.user.id;
    const term = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', readerId)
      .executeTakeFirstOrThrow();
    const url = `/api/desk/care/readers/${readerId}/subscriptions/${term.id}/notice`;
    const none = await post(t, url, {}, { cookie: support });
    expect([none.statusCode, none.json().message]).toEqual([409, CARE_MESSAGES.noticeNothing]);
    await t.db
      .insertInto('subscription_log')
      .values({ subscription_id: term.id, event: 'notice: pre-debit', created_at: t.now() })
      .execute();
    const to = `asha-${backend.name}@example.com`;
    const before = mailsTo(to).length;
    const resent = await post(t, url, {}, { cookie: support });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(mailsTo(to)).toHaveLength(before + 1);
    expect(mailsTo(to)[0]?.text).toContain('renews on');
    const stranger = await post(
      t,
      `/api/desk/care/readers/${other.body.user.id}/subscriptions/${term.id}/notice`,
      {},
      { cookie: support },
    );
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      404,
      CARE_MESSAGES.subscriptionNotFound,
    ]);
  });

  it('audits both resends and refuses an editor', async () => {
    const audit = (await t.container.desk.audit(undefined, 100)).entries
      .filter((e) => e.action.startsWith('care.resend'))
      .map((e) => [e.action, e.actor]);
    expect(audit).toEqual([
      ['care.resend-notice', 'care@example.com'],
      ['care.resend-receipt', 'care@example.com'],
    ]);
    const payment = (
      await t.db.selectFrom('invoices').select('payment_id').executeTakeFirstOrThrow()
    ).payment_id;
    for (const res of [
      await download(`/api/desk/care/invoices/DH-${fy}-000001.pdf`, editor),
      await post(t, `/api/desk/care/payments/${payment}/receipt`, {}, { cookie: editor }),
    ])
      expect([res.statusCode, res.json().reason]).toEqual([403, 'ROLE']);
  });

  it('starts again at 000001 on 1 April', async () => {
    const now = t.now();
    const year = now.getUTCMonth() >= 3 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    // 10:00 in Kolkata on 1 April of the next financial year.
    t.advanceClock(new Date(`${year}-04-01T04:30:00Z`).getTime() - now.getTime());
    const fresh = await signIn(t, { email: `april-${backend.name}@example.com` });
    await buy(t, fresh, monthly);
    const two = (n: number) => String(n % 100).padStart(2, '0');
    expect((await invoiceRows()).at(-1)?.number).toBe(`DH/${two(year)}-${two(year + 1)}/000001`);
  });
});

describe.each(testBackends)('a receipt the mail server refused, on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let refuse = true;
  const mails: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!refuse) return callback();
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    t = await createTestApp(backend, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        SMTP_FROM: 'Deccan Herald e-paper <epaper@dh.example>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('stays unsent while the mail server refuses, and the scheduler’s sweep sends it later', async () => {
    // Codes go by SMS (the outbox here); the receipt goes to the address on the account.
    const reader = await signIn(t, { phoneNumber: '+919900112233' });
    await sql`update users set email = ${'meera@example.com'} where id = ${reader.body.user.id}`.execute(
      t.db,
    );
    await buy(t, reader, (await plansOf(t)).monthly);
    const fy = financialYearOf(t.now(), t.config.publisherTz);
    const row = () => t.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ receipt_sent_at: null, receipt_attempts: 1 });
    expect((await row()).receipt_error).toContain('Mailbox unavailable');
    expect(mails).toEqual([]);

    refuse = false;
    // Tried a moment ago: the sweep leaves it to its sender for a while.
    await t.container.renewals.runOnce();
    expect(mails).toEqual([]);
    t.advanceClock(RECEIPT_RETRY_MS + 1000);
    expect(await t.container.renewals.runOnce()).toMatchObject({ receipts: 1 });
    expect(mails.map((m) => m.to)).toEqual([['meera@example.com']]);
    expect(mails[0]?.raw).toContain(`DH/${fy}/000001`);
    expect(await row()).toMatchObject({ receipt_attempts: 2, receipt_error: null });
    expect((await row()).receipt_sent_at).not.toBeNull();
    t.advanceClock(RECEIPT_RETRY_MS + 1000);
    expect(await t.container.renewals.runOnce()).toMatchObject({ receipts: 0 });
    expect(mails).toHaveLength(1);
  });
});
