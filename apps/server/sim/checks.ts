// The billing simulation's verdict: Folio's books (subscriptions, orders, the
// ledger, the notices it logged) against the fake Razorpay's own (payments and
// refunds as the provider holds them). Each rule of issue 23 part 7 is a kind of
// violation, counted, with the first few spelt out.
import { MANDATE_CONFIRM_ABOVE_MINOR } from '@folio/core';
import type { Config } from '../src/config.ts';
import { databaseTarget, openDatabase } from '../src/db/database.ts';
import type { FakePayment, FakeRazorpay } from '../test/helpers/fake-razorpay.ts';

/** Minor units added up per currency. */
function totals(amounts: [string, number][]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const [currency, minor] of amounts) sums[currency] = (sums[currency] ?? 0) + minor;
  return sums;
}

/** What a reader saw on a day: their entitlement, asked through the API. */
export interface Observation {
  userId: string;
  brand: string;
  day: string;
  /** When it was looked at, on the development clock (ms). */
  at: number;
  kind: string;
}

const HOUR_MS = 3_600_000;
/** A notice older than this before a debit is not the notice for it. */
const NOTICE_WINDOW_MS = 6 * 24 * HOUR_MS;
/** Violations spelt out, per kind. */
const EXAMPLES_PER_KIND = 3;

export async function checkBooks(input: {
  config: Config;
  fake: FakeRazorpay;
  observations: Observation[];
  serverErrors: string[];
}) {
  const { fake } = input;
  const db = await openDatabase(databaseTarget(input.config));
  const violations: Record<string, number> = {};
  const examples: string[] = [];
  const violation = (kind: string, detail: string) => {
    violations[kind] = (violations[kind] ?? 0) + 1;
    if (violations[kind] <= EXAMPLES_PER_KIND) examples.push(`${kind}: ${detail}`);
  };
  try {
    const terms = await db
      .selectFrom('subscriptions')
      .selectAll()
      // Rows that were terms: not a scheduled change, nor one that never started.
      .where('status', 'in', ['active', 'expired', 'replaced'])
      .execute();
    const orders = await db.selectFrom('payment_orders').selectAll().execute();
    const ledger = await db.selectFrom('ledger_entries').selectAll().execute();
    const notices = await db
      .selectFrom('subscription_log as l')
      .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
      .select(['s.user_id', 'l.event', 'l.created_at'])
      .where('l.event', 'in', ['notice: pre-debit', 'notice: downgrade'])
      .orderBy('l.created_at')
      .execute();
    const orderById = new Map(orders.map((order) => [order.id, order]));

    const refunded = new Map<string, number>();
    const receipts = new Set<string>();
    for (const refund of fake.refunds) {
      refunded.set(refund.payment_id, (refunded.get(refund.payment_id) ?? 0) + refund.amount);
      const key = `${refund.payment_id}/${refund.receipt ?? refund.id}`;
      if (receipts.has(key)) violation('refund paid twice', key);
      receipts.add(key);
    }
    const captured = [...fake.payments.values()].filter((p) => p.status === 'captured');
    const isDebit = (payment: FakePayment) =>
      payment.recurring && fake.orders.get(payment.order_id)?.token === null;

    for (const payment of captured) {
      const back = refunded.get(payment.id) ?? 0;
      if (back > payment.amount)
        violation('refund above its payment', `${payment.id}: ${back} of ${payment.amount}`);
      const rows = terms.filter((term) => term.payment_id === payment.id);
      if (rows.length > 1) violation('payment made two terms', payment.id);
      if (rows.length === 0 && back < payment.amount)
        violation('captured payment without a term', `${payment.id} (${payment.amount})`);
      for (const row of rows)
        if (row.price_minor !== payment.amount || row.currency !== payment.currency)
          violation('term of another amount', `${payment.id}: term ${row.id}`);
    }
    const capturedIds = new Set(captured.map((p) => p.id));
    for (const term of terms)
      if (!term.payment_id || !capturedIds.has(term.payment_id)) {
        const payment = term.payment_id ? fake.payments.get(term.payment_id) : undefined;
        const order = term.order_id ? orderById.get(term.order_id) : undefined;
        violation(
          'term without a captured payment',
          `subscription ${term.id} (${term.plan_title}, ${term.status}, ${term.start_date}..${term.end_date}, order ${order?.change ?? 'none'} ${order?.status ?? ''}): payment ${term.payment_id ?? 'none'} is ${payment?.status ?? 'unknown to the provider'}`,
        );
      }

    // A term is debited twice when two debits for it were captured, refunded or not:
    // a refund mends the books, but the reader's money was taken twice.
    const debitedFor = new Map<string, string>();
    for (const payment of captured) {
      const order = orderById.get(fake.orders.get(payment.order_id)?.receipt ?? '');
      if (!order?.idempotency_key.startsWith('charge:')) continue;
      const term = order.idempotency_key.split(':').slice(0, 3).join(':');
      const earlier = debitedFor.get(term);
      if (earlier) violation('term debited twice', `${term}: ${earlier} and ${payment.id}`);
      debitedFor.set(term, payment.id);
    }

    for (const payment of [...fake.payments.values()].filter(isDebit)) {
      if (payment.amount > MANDATE_CONFIRM_ABOVE_MINOR)
        violation('auto-debit above ₹15,000', `${payment.id}: ${payment.amount}`);
      if (payment.currency !== 'INR')
        violation('auto-debit not in INR', `${payment.id}: ${payment.currency}`);
      const order = orderById.get(fake.orders.get(payment.order_id)?.receipt ?? '');
      // The provider keeps whole seconds: the debit was made before the next one began.
      const at = (payment.created_at + 1) * 1000;
      const before = notices.filter(
        (notice) => notice.user_id === order?.user_id && notice.created_at.getTime() <= at,
      );
      const noticed = before.some(
        (notice) =>
          at - notice.created_at.getTime() >= 24 * HOUR_MS &&
          at - notice.created_at.getTime() <= NOTICE_WINDOW_MS,
      );
      if (!noticed) {
        const last = before.at(-1);
        violation(
          'auto-debit without a notice 24 h before',
          `${payment.id} (${order?.idempotency_key ?? 'no order'}) at ${new Date(at).toISOString()}; last notice ${last ? `${last.event} at ${last.created_at.toISOString()}` : 'none'}`,
        );
      }
    }

    // Folio hears of a capture through a return, a webhook or its scheduler, which
    // the simulation runs once a day (a server runs it every minute): a term counts
    // from a day after its payment was captured.
    const capturedAt = new Map(captured.map((p) => [p.id, p.created_at * 1000]));
    for (const seen of input.observations) {
      if (seen.kind === 'subscriber') continue;
      const paid = terms.find(
        (term) =>
          term.user_id === seen.userId &&
          term.brand === seen.brand &&
          term.status !== 'replaced' &&
          term.payment_id !== null &&
          (capturedAt.get(term.payment_id) ?? Infinity) + 24 * HOUR_MS <= seen.at &&
          (refunded.get(term.payment_id) ?? 0) === 0 &&
          term.start_date <= seen.day &&
          seen.day <= term.end_date,
      );
      if (paid)
        violation(
          'paid term without access',
          `${seen.userId} on ${seen.day} was ${seen.kind}: term ${paid.id} (${paid.plan_title}, ${paid.status}, ${paid.start_date}..${paid.end_date})`,
        );
    }

    // A debit the bank is still working on when the run ends is rightly awaited.
    const stillPending = (entry: (typeof ledger)[number]) =>
      entry.state === 'sent' &&
      [...fake.payments.values()].some(
        (p) => p.order_id === entry.provider_order_id && p.status === 'created',
      );
    for (const entry of ledger)
      if (entry.state !== 'settled' && entry.state !== 'failed' && !stillPending(entry)) {
        const atProvider = [...fake.payments.values()]
          .filter((p) => p.order_id === entry.provider_order_id)
          .map(
            (p) =>
              `${p.id} ${p.status}${p.settles_at ? ` until ${new Date(p.settles_at).toISOString()}` : ''}`,
          );
        violation(
          'ledger entry left open',
          `${entry.kind} ${entry.id} (${entry.idempotency_key}): ${entry.state} since ${entry.updated_at.toISOString()} (${entry.failure ?? ''}), provider order ${entry.provider_order_id ?? 'none'} with payments [${atProvider.join(', ')}]`,
        );
      }
    for (const error of input.serverErrors) violation('answer of 5xx', error.slice(0, 200));

    const debits = [...fake.payments.values()].filter(isDebit);
    return {
      violations,
      examples,
      payments: {
        captured: captured.length,
        checkouts: captured.filter((p) => !isDebit(p)).length,
        debits: debits.filter((p) => p.status === 'captured').length,
        byCurrency: totals(captured.map((p) => [p.currency, p.amount])),
      },
      refunds: {
        count: fake.refunds.length,
        byCurrency: totals(
          fake.refunds.map((r) => [fake.payments.get(r.payment_id)?.currency ?? '?', r.amount]),
        ),
      },
    };
  } finally {
    await db.destroy();
  }
}
