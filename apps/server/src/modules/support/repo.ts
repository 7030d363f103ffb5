// SQL of the contact form's messages. Plain rows out; the limit's numbers, the
// retry schedule and what a failure means live in service.ts.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ContactMessageTable, Database } from '../../db/schema.ts';

export type ContactMessageRow = Selectable<ContactMessageTable>;

export interface NewContactMessage {
  brand: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  clientIp: string;
}

export type StoreOutcome =
  | { stored: true; row: ContactMessageRow }
  /** The address has sent `limit` messages in the window; the oldest of them leaves it at `freedAt`. */
  | { stored: false; freedAt: Date };

export class ContactRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the message unless its client address already sent `limit` since
   * `windowStart`. Messages from one address are counted and stored one after the
   * other (a transaction-scoped advisory lock on the address), so parallel posts
   * cannot all slip under the limit, even from several servers.
   * `claimUntil` keeps other servers' retry runs off the row while the request
   * that stored it makes the first attempt.
   */
  async storeWithinLimit(
    message: NewContactMessage,
    limit: { max: number; windowStart: Date },
    now: Date,
    claimUntil: Date,
  ): Promise<StoreOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`folio.contact.${message.clientIp}`}))`.execute(
        trx,
      );
      const recent = await trx
        .selectFrom('contact_messages')
        .select('created_at')
        .where('client_ip', '=', message.clientIp)
        .where('created_at', '>', limit.windowStart)
        .orderBy('created_at', 'desc')
        .limit(limit.max)
        .execute();
      const oldest = recent.at(-1);
      if (recent.length >= limit.max && oldest) {
        const windowMs = now.getTime() - limit.windowStart.getTime();
        return { stored: false, freedAt: new Date(oldest.created_at.getTime() + windowMs) };
      }
      const row = await trx
        .insertInto('contact_messages')
        .values({
          brand: message.brand,
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          client_ip: message.clientIp,
          created_at: now,
          next_attempt_at: claimUntil,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { stored: true, row };
    });
  }

  /**
   * Takes up to `max` unsent messages whose next attempt is due, pushing their next
   * attempt to `claimUntil` in the same statement; rows another server is taking
   * at that moment are skipped, so each message is sent by one server at a time.
   */
  async claimDue(now: Date, claimUntil: Date, max: number): Promise<ContactMessageRow[]> {
    return this.db
      .updateTable('contact_messages')
      .set({ next_attempt_at: claimUntil })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('contact_messages')
          .select('id')
          .where('mail_status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(max)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.db
      .updateTable('contact_messages')
      .set((eb) => ({
        mail_status: 'sent',
        mailed_at: at,
        mail_attempts: eb('mail_attempts', '+', 1),
        last_error: null,
      }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Records a failed attempt: the message stays `pending` for another try at
   * `retryAt`, or becomes `failed` when `retryAt` is null. Answers the attempts so far.
   */
  async markAttemptFailed(id: number, error: string, retryAt: Date | null): Promise<number> {
    const row = await this.db
      .updateTable('contact_messages')
      .set((eb) => ({
        mail_status: retryAt ? 'pending' : 'failed',
        mail_attempts: eb('mail_attempts', '+', 1),
        last_error: error,
        ...(retryAt ? { next_attempt_at: retryAt } : {}),
      }))
      .where('id', '=', id)
      .returning('mail_attempts')
      .executeTakeFirstOrThrow();
    return row.mail_attempts;
  }
}
