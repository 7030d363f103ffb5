// One-time code challenges and the send counters. Every state change is a single
// conditional statement, so concurrent requests cannot both win: one consumes a
// code, one counts a wrong entry, one replaces a code on resend.
import { sql, type Kysely } from 'kysely';
import type { Database, OtpChallengeRow, OtpSendWindowTable } from '../../db/schema.ts';

export type NewChallenge = Omit<OtpChallengeRow, 'failed_attempts' | 'consumed_at'>;

export interface SendAllowance {
  scope: OtpSendWindowTable['scope'];
  key: string;
  max: number;
  /** At least this long between two sends for this key (the gap between codes). */
  minGapMs?: number;
}

export type SendDecision =
  | { allowed: true }
  | {
      allowed: false;
      scope: SendAllowance['scope'];
      /** `limit`: the window's sends are spent; `gap`: the last send was too recent. */
      reason: 'limit' | 'gap';
      retryAfterMs: number;
    };

/** Thrown inside the counting transaction to roll back every counter it raised. */
class SendRefused extends Error {
  constructor(readonly decision: Extract<SendDecision, { allowed: false }>) {
    super('send refused');
  }
}

export class OtpRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertChallenge(challenge: NewChallenge): Promise<void> {
    await this.db.insertInto('otp_challenges').values(challenge).execute();
  }

  async findChallenge(id: string): Promise<OtpChallengeRow | undefined> {
    return this.db.selectFrom('otp_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Counts one send against every allowance in a fixed window, all or nothing:
   * when one allowance is exhausted none of the counters moves. The upsert locks
   * each counter row, so parallel sends are counted one after the other, and the
   * gap is checked against the send that committed just before.
   */
  async countSend(allowances: SendAllowance[], now: Date, windowMs: number): Promise<SendDecision> {
    const windowStart = new Date(now.getTime() - windowMs);
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const allowance of allowances) {
          const expired = sql<boolean>`otp_send_windows.window_started_at <= ${windowStart}`;
          const row = await trx
            .insertInto('otp_send_windows')
            .values({
              scope: allowance.scope,
              key: allowance.key,
              window_started_at: now,
              sends: 1,
            })
            .onConflict((oc) =>
              oc.columns(['scope', 'key']).doUpdateSet({
                window_started_at: sql`case when ${expired} then ${now} else otp_send_windows.window_started_at end`,
                sends: sql`case when ${expired} then 1 else otp_send_windows.sends + 1 end`,
              }),
            )
            .returning(['window_started_at', 'sends'])
            .executeTakeFirstOrThrow();
          if (row.sends > allowance.max) {
            const retryAfterMs = row.window_started_at.getTime() + windowMs - now.getTime();
            throw new SendRefused({
              allowed: false,
              scope: allowance.scope,
              reason: 'limit',
              retryAfterMs,
            });
          }
          if (allowance.minGapMs !== undefined) {
            const retryAfterMs = await this.stampSend(trx, allowance, now, allowance.minGapMs);
            if (retryAfterMs > 0) {
              throw new SendRefused({
                allowed: false,
                scope: allowance.scope,
                reason: 'gap',
                retryAfterMs,
              });
            }
          }
        }
      });
      return { allowed: true };
    } catch (error) {
      if (error instanceof SendRefused) return error.decision;
      throw error;
    }
  }

  /**
   * Records a send at `now` unless the previous one was less than `gapMs` ago;
   * answers how long is left to wait (0 when the send was recorded).
   */
  private async stampSend(
    trx: Kysely<Database>,
    allowance: SendAllowance,
    now: Date,
    gapMs: number,
  ): Promise<number> {
    const gapStart = new Date(now.getTime() - gapMs);
    const stamped = await trx
      .updateTable('otp_send_windows')
      .set({ last_sent_at: now })
      .where('scope', '=', allowance.scope)
      .where('key', '=', allowance.key)
      .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', gapStart)]))
      .returning('key')
      .executeTakeFirst();
    if (stamped) return 0;
    const row = await trx
      .selectFrom('otp_send_windows')
      .select('last_sent_at')
      .where('scope', '=', allowance.scope)
      .where('key', '=', allowance.key)
      .executeTakeFirstOrThrow();
    return (row.last_sent_at?.getTime() ?? 0) + gapMs - now.getTime();
  }

  /**
   * Puts a new code on an open challenge, but only if no one else did since
   * `previousSentAt` was read (two resends at once: one wins).
   */
  async replaceCode(
    id: string,
    previousSentAt: Date,
    code: { codeHash: string; sentAt: Date; expiresAt: Date },
  ): Promise<boolean> {
    const row = await this.db
      .updateTable('otp_challenges')
      .set({
        code_hash: code.codeHash,
        sent_at: code.sentAt,
        expires_at: code.expiresAt,
        failed_attempts: 0,
      })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('sent_at', '=', previousSentAt)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts a wrong entry against the code that was checked; undefined when it changed meanwhile. */
  async recordWrongEntry(
    id: string,
    codeHash: string,
    maxAttempts: number,
  ): Promise<number | undefined> {
    const row = await this.db
      .updateTable('otp_challenges')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', id)
      .where('code_hash', '=', codeHash)
      .where('consumed_at', 'is', null)
      .where('failed_attempts', '<', maxAttempts)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row?.failed_attempts;
  }

  /**
   * Marks the challenge used if this exact code is still live. Exactly one of
   * any number of concurrent calls gets the row back.
   */
  async consume(
    id: string,
    codeHash: string,
    now: Date,
    maxAttempts: number,
  ): Promise<OtpChallengeRow | undefined> {
    return this.db
      .updateTable('otp_challenges')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('code_hash', '=', codeHash)
      .where('consumed_at', 'is', null)
      .where('failed_attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Lets the next code to a destination go out at once: whoever entered the code
   * proved they read that phone or inbox, so the gap that guards it from a
   * flood of codes has done its work. The hourly count stays.
   */
  async liftGap(destination: string): Promise<void> {
    await this.db
      .updateTable('otp_send_windows')
      .set({ last_sent_at: null })
      .where('scope', '=', 'destination')
      .where('key', '=', destination)
      .execute();
  }

  /** Forgets challenges and counters nobody can use any more. */
  async prune(challengesExpiredBefore: Date, windowsStartedBefore: Date): Promise<void> {
    await this.db
      .deleteFrom('otp_challenges')
      .where('expires_at', '<', challengesExpiredBefore)
      .execute();
    await this.db
      .deleteFrom('otp_send_windows')
      .where('window_started_at', '<', windowsStartedBefore)
      .execute();
  }
}
