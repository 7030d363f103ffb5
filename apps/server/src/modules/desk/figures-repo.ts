// SQL of the desk's figures (issue 27 part 5, decision 0035): counts and sums per
// calendar day of the publisher's time zone, read from the orders, the ledger, the
// subscriptions and the readers' daily rows. No query returns a reader's id, name,
// contact or address: only days, plan titles, reasons, currencies, counts and sums.
// Every statement is plain PostgreSQL, so it runs the same on PGlite.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface FiguresRange {
  brand: string;
  /** First and last day, both included (yyyy-MM-dd). */
  from: string;
  to: string;
  timeZone: string;
}

export interface PlanCount {
  day: string;
  plan: string;
  currency: string;
  count: number;
}
export interface DayCount {
  day: string;
  count: number;
}
export interface ReasonCount extends DayCount {
  reason: string;
}
export interface MoneyRow extends DayCount {
  currency: string;
  amountMinor: number;
}
export interface RenewalRow {
  day: string;
  charged: number;
  failed: number;
  recovered: number;
}
export interface ReaderCount extends DayCount {
  kind: number;
}

/** The calendar day of a moment in the publisher's time zone, as yyyy-MM-dd. */
const dayOf = (column: string, timeZone: string): RawBuilder<string> =>
  sql<string>`to_char(timezone(${timeZone}, ${sql.ref(column)}), 'YYYY-MM-DD')`;

/** Moments on the range's days: from its first day's midnight to the midnight after its last, there. */
const within = (column: string, r: FiguresRange): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} >= timezone(${r.timeZone}, cast(${r.from} as date)::timestamp)
    and ${sql.ref(column)} < timezone(${r.timeZone}, (cast(${r.to} as date) + 1)::timestamp)`;

/**
 * Grouping by the day's expression would not match the selected one (each carries
 * the time zone as its own parameter), so the day is grouped by its place: first.
 */
const firstColumn = sql`1`;

export class FiguresRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Paid first purchases (`change` new), by day, the plan's title and the currency paid. */
  async newSubscribers(r: FiguresRange): Promise<PlanCount[]> {
    const day = dayOf('o.updated_at', r.timeZone);
    return this.db
      .selectFrom('payment_orders as o')
      .innerJoin('subscription_plans as p', 'p.id', 'o.plan_id')
      .select([
        day.as('day'),
        'p.title as plan',
        'o.currency',
        sql<number>`cast(count(*) as integer)`.as('count'),
      ])
      .where('o.brand', '=', r.brand)
      .where('o.status', '=', 'paid')
      .where('o.change', '=', 'new')
      .where(within('o.updated_at', r))
      .groupBy([firstColumn, 'p.title', 'o.currency'])
      .orderBy('day')
      .orderBy('plan')
      .execute();
  }

  /**
   * Terms whose renewal debit falls due on a day of the range (their end date): those
   * renewing automatically now, and those that did when it came (a renewal order was
   * made for them). A term cancelled before its end is not due.
   */
  async renewalsDue(r: FiguresRange): Promise<DayCount[]> {
    const day = sql<string>`to_char(s.end_date, 'YYYY-MM-DD')`;
    return this.db
      .selectFrom('subscriptions as s')
      .select([day.as('day'), sql<number>`cast(count(*) as integer)`.as('count')])
      .where('s.brand', '=', r.brand)
      .where('s.status', 'in', ['active', 'expired', 'replaced'])
      .where('s.end_date', '>=', r.from)
      .where('s.end_date', '<=', r.to)
      .where((eb) =>
        eb.or([
          eb('s.auto_renew', '=', true),
          eb.exists(
            eb
              .selectFrom('payment_orders as o')
              .select('o.id')
              .whereRef('o.renewal_of_subscription_id', '=', 's.id'),
          ),
        ]),
      )
      .groupBy(day)
      .execute();
  }

  /**
   * Renewal debits answered on each day: settled (charged), refused (failed), and of
   * the settled, those whose term had a refused debit before (recovered in grace).
   */
  async renewalDebits(r: FiguresRange): Promise<RenewalRow[]> {
    const day = dayOf('c.settled_at', r.timeZone);
    const earlierFailure = sql<boolean>`exists (
      select 1 from ledger_entries f
      where f.kind = 'charge' and f.state = 'failed'
        and f.subscription_id = c.subscription_id and f.created_at < c.created_at)`;
    return this.db
      .selectFrom('ledger_entries as c')
      .select([
        day.as('day'),
        sql<number>`cast(count(*) filter (where c.state = 'settled') as integer)`.as('charged'),
        sql<number>`cast(count(*) filter (where c.state = 'failed') as integer)`.as('failed'),
        sql<number>`cast(count(*) filter (where c.state = 'settled' and ${earlierFailure}) as integer)`.as(
          'recovered',
        ),
      ])
      .where('c.brand', '=', r.brand)
      .where('c.kind', '=', 'charge')
      .where('c.state', 'in', ['settled', 'failed'])
      .where(within('c.settled_at', r))
      .groupBy(firstColumn)
      .execute();
  }

  /** Renewals cancelled on each day, by the reason kept with them. */
  async cancellations(r: FiguresRange): Promise<ReasonCount[]> {
    const day = dayOf('s.cancelled_at', r.timeZone);
    const reason = sql<string>`coalesce(nullif(trim(s.cancel_reason), ''), 'No reason given')`;
    return this.db
      .selectFrom('subscriptions as s')
      .select([
        day.as('day'),
        reason.as('reason'),
        sql<number>`cast(count(*) as integer)`.as('count'),
      ])
      .where('s.brand', '=', r.brand)
      .where('s.cancelled_at', 'is not', null)
      .where(within('s.cancelled_at', r))
      .groupBy([firstColumn, sql`2`])
      .orderBy('day')
      .orderBy('reason')
      .execute();
  }

  /** Refunds the provider made on each day, per currency. */
  async refunds(r: FiguresRange): Promise<MoneyRow[]> {
    const day = dayOf('e.settled_at', r.timeZone);
    return this.db
      .selectFrom('ledger_entries as e')
      .select([
        day.as('day'),
        sql<string>`coalesce(e.currency, '')`.as('currency'),
        sql<number>`cast(count(*) as integer)`.as('count'),
        sql<number>`cast(coalesce(sum(e.amount_minor), 0) as double precision)`.as('amountMinor'),
      ])
      .where('e.brand', '=', r.brand)
      .where('e.kind', '=', 'refund')
      .where('e.state', '=', 'settled')
      .where(within('e.settled_at', r))
      .groupBy([firstColumn, 'e.currency'])
      .execute();
  }

  /** Payments taken on each day (paid orders of every kind), per currency. */
  async payments(r: FiguresRange): Promise<MoneyRow[]> {
    const day = dayOf('o.updated_at', r.timeZone);
    return this.db
      .selectFrom('payment_orders as o')
      .select([
        day.as('day'),
        'o.currency',
        sql<number>`cast(count(*) as integer)`.as('count'),
        sql<number>`cast(sum(o.amount_minor) as double precision)`.as('amountMinor'),
      ])
      .where('o.brand', '=', r.brand)
      .where('o.status', '=', 'paid')
      .where(within('o.updated_at', r))
      .groupBy([firstColumn, 'o.currency'])
      .execute();
  }

  /** Distinct readers with a paid term covering each day (grace days not counted). */
  async activeSubscribers(r: FiguresRange): Promise<DayCount[]> {
    const result = await sql<DayCount>`
      select to_char(d.day, 'YYYY-MM-DD') as day, cast(count(distinct s.user_id) as integer) as count
      from generate_series(cast(${r.from} as date), cast(${r.to} as date), interval '1 day') as d(day)
      join subscriptions s
        on s.start_date <= d.day and s.end_date >= d.day
      where s.brand = ${r.brand} and s.status in ('active', 'expired', 'replaced')
      group by d.day`.execute(this.db);
    return result.rows;
  }

  /** Visitors of each day by the most they were (1 visitor, 2 signed in, 3 subscriber). */
  async readers(r: FiguresRange): Promise<ReaderCount[]> {
    const day = sql<string>`to_char(d.day, 'YYYY-MM-DD')`;
    return this.db
      .selectFrom('reader_days as d')
      .select([day.as('day'), 'd.kind', sql<number>`cast(count(*) as integer)`.as('count')])
      .where('d.brand', '=', r.brand)
      .where('d.day', '>=', r.from)
      .where('d.day', '<=', r.to)
      .groupBy([day, 'd.kind'])
      .execute();
  }
}
