// SQL for the renewal scheduler: which subscriptions need a notice, a charge, a
// start or an end today, and the lease that keeps it to one runner at a time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

const LEASE_KEY = 'renewals.lease';

export interface ReaderContact {
  email: string | null;
  phoneNumber: string | null;
}

export class RenewalRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the scheduler's lease until `until` if nobody holds it or the holder's
   * ran out: one conditional upsert, so of several servers exactly one wins, and a
   * runner that died frees it when its lease expires. A holder does not take its
   * own lease again (its run is still going); it extends it with renewLease.
   */
  async takeLease(holder: string, now: Date, until: Date): Promise<boolean> {
    const value = `${until.toISOString()} ${holder}`;
    const taken = await sql<{ key: string }>`
      insert into app_state (key, value) values (${LEASE_KEY}, ${value})
      on conflict (key) do update set value = excluded.value
      where app_state.value < ${now.toISOString()}
      returning key`.execute(this.db);
    return taken.rows.length > 0;
  }

  /** Extends the lease while its holder works; false when it is no longer theirs. */
  async renewLease(holder: string, until: Date): Promise<boolean> {
    const renewed = await this.db
      .updateTable('app_state')
      .set({ value: `${until.toISOString()} ${holder}` })
      .where('key', '=', LEASE_KEY)
      .where('value', 'like', `% ${holder}`)
      .executeTakeFirst();
    return renewed.numUpdatedRows > 0n;
  }

  /** Frees the lease, only if this holder still has it. */
  async releaseLease(holder: string): Promise<void> {
    await this.db
      .deleteFrom('app_state')
      .where('key', '=', LEASE_KEY)
      .where('value', 'like', `% ${holder}`)
      .execute();
  }

  /** Renewing subscriptions whose end date is on or before `horizon`. */
  async renewing(horizon: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('auto_renew', '=', true)
      .where('end_date', '<=', horizon)
      .execute();
  }

  /** Scheduled downgrades that start on or before `horizon`. */
  async scheduledFrom(horizon: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'scheduled')
      .where('start_date', '<=', horizon)
      .orderBy('start_date')
      .execute();
  }

  /** Active subscriptions whose end date is before `today` (lapsed, or still in grace). */
  async ended(today: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('end_date', '<', today)
      .execute();
  }

  async contactOf(userId: string): Promise<ReaderContact> {
    const row = await sql<{ email: string | null; phone_number: string | null }>`
      select email, phone_number from users where id = ${userId}`.execute(this.db);
    const found = row.rows[0];
    return {
      // Phone-only readers carry a placeholder address on a reserved domain.
      email: found?.email && !found.email.endsWith('.invalid') ? found.email : null,
      phoneNumber: found?.phone_number ?? null,
    };
  }
}
