// SQL of the desk's inbox (migration 0019): readers' Get in touch messages by brand
// and status, and the replies staff sent, kept as each message's thread. Plain rows
// out; what a reply does to a message's status is decided in inbox.ts.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ContactMessageTable, ContactReplyTable, Database } from '../../db/schema.ts';

export type InboxStatusValue = 'new' | 'answered' | 'closed';
export type InboxMessageRow = Selectable<ContactMessageTable>;
export type InboxReplyRow = Selectable<ContactReplyTable>;
export type InboxListRow = InboxMessageRow & { reply_count: number };

export interface NewReply {
  messageId: number;
  staffId: string | null;
  staffEmail: string;
  body: string;
  sentAt: Date;
}

export class InboxRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** One brand's messages, newest first, older than `before` (an id) when given. */
  async page(
    brand: string,
    status: InboxStatusValue | undefined,
    before: number | undefined,
    limit: number,
  ): Promise<InboxListRow[]> {
    let query = this.db
      .selectFrom('contact_messages as m')
      .selectAll('m')
      .select((eb) =>
        eb
          .selectFrom('contact_replies as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('r.message_id', '=', 'm.id')
          .as('reply_count'),
      )
      .where('m.brand', '=', brand)
      .orderBy('m.id', 'desc')
      .limit(limit);
    if (status !== undefined) query = query.where('m.status', '=', status);
    if (before !== undefined) query = query.where('m.id', '<', before);
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, reply_count: Number(row.reply_count ?? 0) }));
  }

  /** How many of the brand's messages have each status. */
  async counts(brand: string): Promise<Record<InboxStatusValue, number>> {
    const rows = await this.db
      .selectFrom('contact_messages')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('brand', '=', brand)
      .groupBy('status')
      .execute();
    const counts = { new: 0, answered: 0, closed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  async find(id: number): Promise<InboxMessageRow | undefined> {
    return this.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A message's replies, oldest first. */
  async replies(messageId: number): Promise<InboxReplyRow[]> {
    return this.db
      .selectFrom('contact_replies')
      .selectAll()
      .where('message_id', '=', messageId)
      .orderBy('id')
      .execute();
  }

  /** Keeps a reply before its e-mail is tried (its mail is `sending`). */
  async addReply(reply: NewReply): Promise<InboxReplyRow> {
    return this.db
      .insertInto('contact_replies')
      .values({
        message_id: reply.messageId,
        staff_id: reply.staffId,
        staff_email: reply.staffEmail,
        body: reply.body,
        sent_at: reply.sentAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The reply's e-mail failed: kept in the thread as not sent, with the mail server's words. */
  async replyFailed(replyId: number, error: string): Promise<void> {
    await this.db
      .updateTable('contact_replies')
      .set({ mail_status: 'failed', mail_error: error })
      .where('id', '=', replyId)
      .execute();
  }

  /**
   * The reply's e-mail went out: the reply is `sent` and the message takes `status`,
   * in one transaction. Answers the message's status before.
   */
  async replySent(
    replyId: number,
    messageId: number,
    status: InboxStatusValue,
  ): Promise<InboxStatusValue> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('contact_replies')
        .set({ mail_status: 'sent', mail_error: null })
        .where('id', '=', replyId)
        .execute();
      const before = await trx
        .selectFrom('contact_messages')
        .select('status')
        .where('id', '=', messageId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('contact_messages')
        .set({ status })
        .where('id', '=', messageId)
        .execute();
      return before.status;
    });
  }

  /** Sets a message's status; answers the status before, or undefined when no message has the id. */
  async setStatus(id: number, status: InboxStatusValue): Promise<InboxStatusValue | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('contact_messages')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      if (before.status !== status)
        await trx.updateTable('contact_messages').set({ status }).where('id', '=', id).execute();
      return before.status;
    });
  }
}
