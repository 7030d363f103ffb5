// SQL of the money ledger (decision 0022): an entry is inserted once per
// idempotency key, claimed from `created` to `sent` by exactly one worker, and
// every later move is conditional on the state it leaves, so a second worker, a
// replayed webhook or a late answer finds the move made and changes nothing.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LedgerEntryTable, LedgerState } from '../../db/schema.ts';
import { LEDGER_MOVES } from './ledger-states.ts';

export type LedgerEntry = Selectable<LedgerEntryTable>;

type Named = Pick<LedgerEntry, 'kind' | 'idempotency_key' | 'user_id' | 'brand' | 'provider'>;
type Known = Partial<
  Pick<
    LedgerEntry,
    | 'subscription_id'
    | 'order_id'
    | 'amount_minor'
    | 'currency'
    | 'mandate_id'
    | 'payment_id'
    | 'reason'
  >
>;

/** A new entry, `created`: what its caller names, and nothing the provider said yet. */
export function newLedgerEntry(fields: Named & Known, at: Date): Insertable<LedgerEntryTable> {
  return {
    id: randomUUID(),
    state: 'created',
    subscription_id: null,
    order_id: null,
    amount_minor: null,
    currency: null,
    mandate_id: null,
    payment_id: null,
    provider_order_id: null,
    provider_refund_id: null,
    failure: null,
    created_at: at,
    sent_at: null,
    settled_at: null,
    updated_at: at,
    ...fields,
  };
}
type Db = Kysely<Database> | Transaction<Database>;
type Fields = Partial<
  Pick<
    LedgerEntry,
    'payment_id' | 'provider_order_id' | 'provider_refund_id' | 'failure' | 'mandate_id'
  >
>;

const states = (move: keyof typeof LEDGER_MOVES): LedgerState[] => [...LEDGER_MOVES[move]];

export class LedgerRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes the entry unless its key exists; returns the stored one either way. */
  async insert(
    values: Insertable<LedgerEntryTable>,
    db: Db = this.db,
  ): Promise<{ entry: LedgerEntry; created: boolean }> {
    const inserted = await db
      .insertInto('ledger_entries')
      .values(values)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { entry: inserted, created: true };
    const existing = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', values.idempotency_key)
      .executeTakeFirstOrThrow();
    return { entry: existing, created: false };
  }

  async find(id: string, db: Db = this.db): Promise<LedgerEntry | undefined> {
    return db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The charge entry of an order (a mandate debit's payment_orders row). */
  async chargeOfOrder(orderId: string, db: Db = this.db): Promise<LedgerEntry | undefined> {
    return db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'charge')
      .executeTakeFirst();
  }

  /** Claims the entry for one caller: true for exactly one of any number of claimants. */
  async claim(id: string, at: Date): Promise<boolean> {
    const claimed = await this.db
      .updateTable('ledger_entries')
      .set({ state: 'sent', sent_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', states('claim'))
      .executeTakeFirst();
    return claimed.numUpdatedRows > 0n;
  }

  /** Stores what the provider named (its order or payment id) the moment it is known. */
  async note(id: string, fields: Fields, at: Date, db: Db = this.db): Promise<void> {
    await db
      .updateTable('ledger_entries')
      .set({ ...fields, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** The answer was lost (timeout, 5xx, crash): only asking the provider may move it now. */
  async markUnknown(id: string, failure: string, at: Date): Promise<void> {
    await this.db
      .updateTable('ledger_entries')
      .set({ state: 'unknown', failure, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', states('lose'))
      .execute();
  }

  /**
   * The provider took the money or made the refund: settled once. A capture the
   * ledger had given up on (failed) is settled too, since the money moved.
   */
  async settle(id: string, fields: Fields, at: Date, db: Db = this.db): Promise<boolean> {
    const settled = await db
      .updateTable('ledger_entries')
      .set({ ...fields, state: 'settled', settled_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', states('settle'))
      .executeTakeFirst();
    return settled.numUpdatedRows > 0n;
  }

  /** The provider said no, or asked, says nothing happened. Never undoes a settlement. */
  async fail(id: string, failure: string, at: Date, db: Db = this.db): Promise<boolean> {
    const failed = await db
      .updateTable('ledger_entries')
      .set({ state: 'failed', failure: failure.slice(0, 500), settled_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', states('fail'))
      .executeTakeFirst();
    return failed.numUpdatedRows > 0n;
  }

  /** Asked, the provider has no trace of the call: it may be made again. */
  async reopen(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('ledger_entries')
      .set({ state: 'created', sent_at: null, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', states('reopen'))
      .execute();
  }

  /**
   * Entries to work on this tick, oldest first and at most `limit`: created ones
   * (written, never sent: a crash between the two), unknown ones, and sent ones
   * not answered for `quietMs` (a pending debit, or a crash while sending).
   */
  async due(at: Date, quietMs: number, limit: number): Promise<LedgerEntry[]> {
    const quiet = new Date(at.getTime() - quietMs);
    return this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('state', 'in', ['created', 'unknown']),
          eb.and([eb('state', '=', 'sent'), eb('updated_at', '<=', quiet)]),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Every charge made for the term after `endDate` of a subscription. */
  async chargesFor(subscriptionId: number, endDate: string): Promise<LedgerEntry[]> {
    return this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', 'charge')
      .where('subscription_id', '=', subscriptionId)
      .where('idempotency_key', 'like', `charge:${subscriptionId}:${endDate}:%`)
      .orderBy('created_at')
      .execute();
  }
}
