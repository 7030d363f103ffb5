// A day at the business desk (issue 27 part 7), in the browser, with three people
// at once: an admin changes a plan's price while a reader is on it (the reader keeps
// theirs), schedules the offer banner that readers then see with its countdown and
// edits an FAQ; a support agent finds the reader by phone, refunds half their last
// payment, extends their term by 7 days and answers their message; the figures
// show the refund, the audit log shows all of it, and the reader's invoice
// downloads. What the admin changed for readers is put back at the end, so the
// specs after this one meet the demo publisher as it was.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, calendarToday, DEFAULT_PUBLISHER_TZ } from '@folio/core';
import { formatExactMoney } from '@folio/core/desk';
import { becomeSubscriber, enterCode, latestCode } from './auth-helpers.ts';
import { seriousViolations } from './axe.ts';
import { BUSINESS_ADMIN, SUPPORT_AGENT, giveSecondFactor } from './desk-staff.ts';

test.use({ bypassCSP: true });

/** Signs a staff member in with an e-mail code and the authenticator, on the desk. */
async function openDesk(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/auth?redirectUrl=%2Fdesk');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByPlaceholder('Enter email id').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await latestCode(request, email));
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(
    page.getByRole('button', { name: /Show the QR code|Open the desk/ }).or(finish),
  ).toBeVisible();
  if (await finish.isVisible()) await finish.click();
  await giveSecondFactor(page, email);
}

/** A datetime-local input's value for an instant, in the browser's own time zone. */
const localInput = (page: Page, at: number) =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, at);

interface DeskBanner {
  text: string;
  subtext: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

test('a day at the business desk: prices, offers, care, figures, audit and the invoice', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now() % 1_000_000);
  const planTitle = `Desk month ${stamp}`;

  // ----- The admin opens the desk and adds a plan readers can buy: ₹150 for 30 days.
  const admin = await (await browser.newContext()).newPage();
  await openDesk(admin, request, BUSINESS_ADMIN);
  const origin = new URL(admin.url()).origin;
  await admin.getByRole('tab', { name: 'Plans' }).click();
  await admin.getByRole('button', { name: 'New plan' }).click();
  const newPlan = admin.getByRole('form', { name: 'New plan' });
  await newPlan.getByLabel('Name').fill(planTitle);
  await newPlan.getByLabel(/^Price/).fill('150');
  await newPlan.getByLabel('Length').fill('30');
  await newPlan.getByLabel('Unit').selectOption('days');
  await newPlan.getByLabel('Renews by itself').uncheck();
  // A new plan starts hidden from readers, until the desk shows it.
  await newPlan.getByLabel('Readers see it on the subscribe page').check();
  await newPlan.getByRole('button', { name: 'Add plan' }).click();
  const planRow = admin.getByRole('row', { name: new RegExp(planTitle) });
  await expect(planRow).toContainText('₹150');

  // ----- A reader buys it, then writes to the paper from Get in touch.
  const reader = await (await browser.newContext()).newPage();
  const phone = await becomeSubscriber(reader, planTitle, 'INR');
  const readerEmail = `reader.${stamp}@example.com`;
  const subject = 'Report a Correction';
  const question = `I was charged but page 3 will not open (${stamp}).`;
  await reader.goto('/contact');
  await reader.getByLabel('Name').fill('Kavya Rao');
  await reader.getByLabel('Email').fill(readerEmail);
  await reader.getByLabel('Subject').selectOption(subject);
  await reader.getByLabel('Message').fill(question);
  await reader.getByRole('button', { name: 'Send Message' }).click();
  await expect(reader.getByText('Message sent successfully!')).toBeVisible();

  // ----- The admin raises the price to ₹200: for new purchases only.
  await admin.getByRole('button', { name: `Edit ${planTitle}` }).click();
  const editPlan = admin.getByRole('form', { name: `Edit ${planTitle}` });
  await editPlan.getByLabel(/^Price/).fill('200');
  await expect(editPlan.getByRole('note')).toHaveText(
    'The 1 reader on this plan keeps the price they bought at; the new price is for new purchases.',
  );
  await editPlan.getByRole('button', { name: 'Save plan' }).click();
  await expect(planRow).toContainText('₹200');
  const onSale = (await (await request.get('/api/subscription-plans?publisher=DH')).json()) as {
    title: string;
    price_cents: number;
  }[];
  expect(onSale.find((p) => p.title === planTitle)?.price_cents).toBe(20_000);

  // ----- The offer banner: scheduled for tomorrow, readers do not see it yet; moved
  // to start now, they see it with its countdown.
  await admin.getByRole('tab', { name: 'Offers' }).click();
  const before = (
    (await (await admin.request.get('/api/desk/offers?brand=dh')).json()) as {
      banner: DeskBanner | null;
    }
  ).banner;
  const headline = `Festival offer ${stamp}`;
  const bannerForm = admin.getByRole('form', { name: 'Offer banner' });
  const now = Date.now();
  await bannerForm.getByLabel('Headline').fill(headline);
  await bannerForm.getByLabel('Line under it').fill('Every page and the archive for less');
  await bannerForm.getByLabel('Starts').fill(await localInput(admin, now + 86_400_000));
  await bannerForm.getByLabel('Ends').fill(await localInput(admin, now + 3 * 86_400_000));
  await bannerForm.getByLabel('Switched on').check();
  await expect(admin.getByRole('figure', { name: 'Banner preview' })).toContainText(headline);
  await bannerForm.getByRole('button', { name: 'Save banner' }).click();
  await expect(bannerForm.getByRole('status')).toHaveText(
    'Saved; readers see the banner as previewed.',
  );
  await expect(admin.getByRole('figure', { name: 'Banner preview' })).toContainText(
    /Readers see this from/,
  );
  const running = async () =>
    (
      (await (await request.get('/api/discount-banner?publisher=DH')).json()) as {
        banner_text?: string;
      }
    ).banner_text;
  expect(await running()).not.toBe(headline);

  await bannerForm.getByLabel('Starts').fill(await localInput(admin, Date.now() - 60_000));
  await bannerForm.getByRole('button', { name: 'Save banner' }).click();
  await expect(bannerForm.getByRole('status')).toBeVisible();
  expect(await running()).toBe(headline);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const offer = visitor.getByRole('complementary', { name: 'Offer' });
  await expect(offer).toContainText(headline);
  const timer = offer.getByRole('timer');
  await expect(timer).toHaveText(/^(\d+ days )?\d{2}:\d{2}:\d{2}$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');

  // ----- An FAQ's answer edited, with formatting; readers see it at once.
  const faqs = (await (await request.get('/api/faqs?publisher=DH')).json()) as {
    question: string;
    answer: string;
  }[];
  const faq = faqs[0];
  if (!faq) throw new Error('the demo publisher has no FAQs');
  const edited = `<p>Write to us any time: <b>we answer within a day</b> (${stamp}).</p>`;
  const editFaq = async (answer: string) => {
    await admin.getByRole('button', { name: `Edit: ${faq.question}` }).click();
    const form = admin.getByRole('form', { name: 'Save FAQ' });
    await form.getByRole('textbox', { name: /^Answer/ }).fill(answer);
    await form.getByRole('button', { name: 'Save FAQ' }).click();
    await expect(form).toHaveCount(0);
  };
  await editFaq(edited);
  await visitor.goto('/faqs');
  await visitor.getByRole('button', { name: faq.question, exact: true }).click();
  await expect(
    visitor
      .getByRole('region', { name: faq.question, exact: true })
      .locator('b', { hasText: 'we answer within a day' }),
  ).toBeVisible();

  // ----- The support agent: finds the reader by phone, sees they kept ₹150,
  // refunds half of it and extends the term by 7 days.
  const support = await (await browser.newContext()).newPage();
  await openDesk(support, request, SUPPORT_AGENT);
  await expect(support.getByRole('tab', { name: 'Plans' })).toHaveCount(0);
  await support.getByRole('tab', { name: 'Subscribers' }).click();
  await support.getByLabel('Phone, e-mail, order id or payment id').fill(`+91 ${phone}`);
  await support.getByRole('button', { name: 'Find reader' }).click();
  await support
    .getByRole('list', { name: 'Readers found' })
    .getByRole('button', { name: new RegExp(phone) })
    .click();
  const card = support.getByRole('article', { name: 'Reader' });
  const term = card.getByRole('listitem').filter({ hasText: planTitle });
  await expect(term).toContainText('₹150');
  // The payment's invoice, by its number (the reader downloads the same one below).
  await expect(card.getByRole('region', { name: 'Payments' })).toContainText(/DH\/\d{2}-\d{2}\//);
  const careInvoice = (await card.textContent())?.match(/DH\/\d{2}-\d{2}\/\d{6}/)?.[0];
  expect(careInvoice).toBeTruthy();
  const endBefore = (await term.textContent())?.match(/to (\d{4}-\d{2}-\d{2})/)?.[1];
  expect(endBefore).toBeTruthy();

  // The figures' refunds over the desk's default range (the last 30 days), before this one.
  const today = calendarToday(new Date(), DEFAULT_PUBLISHER_TZ);
  const range = `brand=dh&from=${addDays(today, -29)}&to=${today}`;
  const refundedSoFar = async () => {
    const answer = await admin.request.get(`/api/desk/figures?${range}`);
    expect(answer.ok(), await answer.text()).toBe(true);
    const { totals } = (await answer.json()) as {
      totals: { refunds: { currency: string; amountMinor: number }[] };
    };
    return totals.refunds.find((r) => r.currency === 'INR')?.amountMinor ?? 0;
  };
  const refundedBefore = await refundedSoFar();

  const refund = card.getByRole('form', { name: /^Refund / });
  await refund.getByLabel('Amount (INR)').fill('75');
  await refund.getByLabel('Reason').fill('Page 3 would not open for two days');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('status')).toHaveText('Refunded ₹75.00.');
  await expect(card.getByRole('region', { name: 'Refunds' })).toContainText('₹75');

  const extend = card.getByRole('form', { name: 'Extend a subscription' });
  await extend.getByLabel('Days').fill('7');
  await extend.getByLabel('Reason').fill('Goodwill for the missing page');
  await extend.getByRole('button', { name: 'Extend' }).click();
  const endAfter = new Date(Date.parse(`${endBefore}T00:00:00Z`) + 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await expect(extend.getByRole('status')).toHaveText(
    `Extended by 7 days: it now ends ${endAfter}.`,
  );

  // ----- ...and answers their message by e-mail.
  await support.getByRole('tab', { name: 'Messages' }).click();
  await support
    .getByRole('button', { name: new RegExp(`Kavya Rao: ${subject}`) })
    .first()
    .click();
  await expect(support.getByRole('article').getByText(question)).toBeVisible();
  const answer = `Sorry about page 3: we refunded ₹75 and added 7 days (${stamp}).`;
  await support.getByLabel('Your reply to Kavya Rao').fill(answer);
  await support.getByRole('button', { name: 'Send reply' }).click();
  await expect(support.getByText(`Reply sent to ${readerEmail}.`)).toBeVisible();
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
    to: string;
    text: string;
  }[];
  expect(outbox.find((m) => m.to === readerEmail)?.text).toContain(answer);
  expect(await seriousViolations(support)).toEqual([]);

  // ----- The support agent sees the payment's invoice; figures are not theirs.
  await support.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(support.getByRole('tab', { name: 'Figures' })).toHaveCount(0);
  expect((await support.request.get(`/api/desk/figures?${range}`)).status()).toBe(403);

  // ----- The figures show the refund, and download as CSV.
  expect(await refundedSoFar()).toBe(refundedBefore + 7_500);
  await admin.getByRole('tab', { name: 'Figures' }).click();
  const totals = admin.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText(formatExactMoney(refundedBefore + 7_500, 'INR'));
  await expect(
    admin.getByRole('table', { name: /^Figures per day/ }).getByRole('row', { name: today }),
  ).toContainText('₹');
  const [csv] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`figures-dh-${addDays(today, -29)}-${today}.csv`);
  const rows = (await readFile((await csv.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(rows[0]).toMatch(/^date,.*refunded INR/);
  expect(rows).toHaveLength(31);
  expect(rows.at(-1)).toMatch(new RegExp(`^${today},`));
  expect(await seriousViolations(admin)).toEqual([]);

  // ----- The reader downloads their invoice from the Subscriptions tab.
  await reader.goto('/profile?tab=subscriptions');
  const invoiceLink = reader.getByRole('link', { name: /^Download invoice DH\// });
  await expect(invoiceLink).toHaveCount(1);
  const number = ((await invoiceLink.getAttribute('aria-label')) ?? '').replace(
    'Download invoice ',
    '',
  );
  const [invoice] = await Promise.all([reader.waitForEvent('download'), invoiceLink.click()]);
  expect(invoice.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const pdf = await readFile((await invoice.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(number).toBe(careInvoice);

  // ----- The audit log has every step, newest first.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.getByRole('table', { name: 'Desk actions, newest first' });
  for (const action of [
    'message.reply',
    'care.extend',
    'care.refund',
    'faq.change',
    'banner.change',
    'plan.price',
    'plan.add',
  ])
    await expect(log).toContainText(action);
  await expect(log.getByRole('row').filter({ hasText: 'care.refund' })).toContainText(
    SUPPORT_AGENT,
  );

  // ----- What readers met is put back: the FAQ, the banner, and the plan retired.
  await admin.getByRole('tab', { name: 'Offers' }).click();
  await editFaq(faq.answer);
  if (before) {
    const put = await admin.request.put('/api/desk/offers/dh/banner', {
      data: before,
      headers: { origin },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  await admin.getByRole('tab', { name: 'Plans' }).click();
  await admin.getByRole('button', { name: `Retire ${planTitle}` }).click();
  await expect(admin.getByRole('button', { name: `Restore ${planTitle}` })).toBeVisible();
});
