// Staff roles and second-factor failures (migration 0015), joined to better-auth's
// users for the address they sign in with.
import type { Kysely } from 'kysely';
import type { DeskRole } from '@folio/core/desk';
import type { Database } from '../../db/schema.ts';

export interface StaffRow {
  userId: string;
  email: string;
  name: string;
  role: DeskRole;
  addedAt: Date;
  twoFactorEnabled: boolean;
}

export class StaffRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private active() {
    return this.db
      .selectFrom('staff_members as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.user_id as userId',
        'u.email',
        'u.name',
        's.role',
        's.added_at as addedAt',
        'u.two_factor_enabled as twoFactorEnabled',
      ])
      .where('s.retired_at', 'is', null);
  }

  private static toRow(
    row: Omit<StaffRow, 'twoFactorEnabled'> & { twoFactorEnabled: boolean | null },
  ): StaffRow {
    return { ...row, twoFactorEnabled: row.twoFactorEnabled === true };
  }

  /** The staff member of a user account, unless there is none or it was retired. */
  async find(userId: string): Promise<StaffRow | undefined> {
    const row = await this.active().where('s.user_id', '=', userId).executeTakeFirst();
    return row && StaffRepo.toRow(row);
  }

  async list(): Promise<StaffRow[]> {
    const rows = await this.active().orderBy('s.added_at').orderBy('u.email').execute();
    return rows.map((r) => StaffRepo.toRow(r));
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('staff_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'admin')
      .where('retired_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Makes the account staff with `role` (again, when it was retired). */
  async upsert(userId: string, role: DeskRole, addedBy: string | null, now: Date): Promise<void> {
    await this.db
      .insertInto('staff_members')
      .values({ user_id: userId, role, added_by: addedBy, added_at: now, retired_at: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ role, added_by: addedBy, added_at: now, retired_at: null }),
      )
      .execute();
  }

  async setRole(userId: string, role: DeskRole): Promise<void> {
    await this.db
      .updateTable('staff_members')
      .set({ role })
      .where('user_id', '=', userId)
      .where('retired_at', 'is', null)
      .execute();
  }

  async retire(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('staff_members')
      .set({ retired_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Counts one wrong authenticator code; the count so far. */
  async recordSecondFactorFailure(userId: string): Promise<number> {
    const row = await this.db
      .updateTable('staff_members')
      .set((eb) => ({ failed_second_factors: eb('failed_second_factors', '+', 1) }))
      .where('user_id', '=', userId)
      .returning('failed_second_factors')
      .executeTakeFirst();
    return row?.failed_second_factors ?? 0;
  }

  async clearSecondFactorFailures(userId: string): Promise<void> {
    await this.db
      .updateTable('staff_members')
      .set({ failed_second_factors: 0 })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Ends every session of the account (retired staff, too many wrong codes). */
  async endSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
