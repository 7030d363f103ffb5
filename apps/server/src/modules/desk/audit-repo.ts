// The audit log (migration 0015): one row per desk action, never changed after.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditRecord {
  actorId: string | null;
  actor: string;
  role: string;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export interface AuditRow extends Required<AuditRecord> {
  id: number;
  at: Date;
}

export class AuditRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async write(record: AuditRecord, at: Date): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at,
        actor_id: record.actorId,
        actor: record.actor,
        role: record.role,
        action: record.action,
        subject: record.subject,
        before: record.before === undefined ? null : JSON.stringify(record.before),
        after: record.after === undefined ? null : JSON.stringify(record.after),
        reason: record.reason ?? null,
      })
      .execute();
  }

  /** Newest first, older than `before` (an id) when given. */
  async page(before: number | undefined, limit: number): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
    if (before !== undefined) query = query.where('id', '<', String(before));
    const rows = await query.execute();
    return rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      actorId: r.actor_id,
      actor: r.actor,
      role: r.role,
      action: r.action,
      subject: r.subject,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
    }));
  }
}
