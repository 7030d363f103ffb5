// SQL of the business desk's plans (issue 27 part 1): a brand's groups and plans as
// the desk edits them, with how many running subscriptions each one has, and the
// changes, each one transaction (under the brand's plan lock where it reads the
// order it writes) that also bumps the brand's plans version.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { bumpVersion, plansTopic } from '../../db/cache-versions.ts';
import type { Database } from '../../db/schema.ts';

export type DeskPlanRow = Selectable<Database['subscription_plans']> & {
  running: number;
  used: boolean;
};

export type PlanValues = Pick<
  Selectable<Database['subscription_plans']>,
  | 'group_id'
  | 'title'
  | 'price_cents'
  | 'price_currency'
  | 'duration_unit'
  | 'duration_length'
  | 'recurring'
  | 'custom_attributes'
>;

export type PlanUpdate = Partial<
  Pick<PlanValues, 'group_id' | 'title' | 'price_cents' | 'custom_attributes'> & {
    retired: boolean;
  }
>;

export class PlanDeskRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Changes to one brand's plans wait for each other (a move reads the order it writes). */
  private async lock(trx: Kysely<Database>, brand: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`folio.plans.${brand}`}))`.execute(trx);
  }

  /**
   * One change to the brand's plans in a transaction that also bumps the brand's
   * plans version, so every server's catalogue reads it again (decision 0039).
   */
  private async changing<T>(brand: string, change: (trx: Kysely<Database>) => Promise<T>) {
    return this.db.transaction().execute(async (trx) => {
      const result = await change(trx);
      await bumpVersion(trx, plansTopic(brand));
      return result;
    });
  }

  async groups(brand: string) {
    return this.db
      .selectFrom('subscription_groups')
      .select(['id', 'name', 'metadata_fields'])
      .where('brand', '=', brand)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async plans(brand: string, db: Kysely<Database> = this.db): Promise<DeskPlanRow[]> {
    const rows = await db
      .selectFrom('subscription_plans as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('subscriptions as s')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('s.plan_id', '=', 'p.id')
          .where('s.status', '=', 'active')
          .as('running'),
        eb
          .or([
            eb.exists(
              eb.selectFrom('subscriptions as s').select('s.id').whereRef('s.plan_id', '=', 'p.id'),
            ),
            eb.exists(
              eb
                .selectFrom('payment_orders as o')
                .select('o.id')
                .whereRef('o.plan_id', '=', 'p.id'),
            ),
          ])
          .as('used'),
      ])
      .where('p.brand', '=', brand)
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({ ...row, running: Number(row.running ?? 0), used: !!row.used }));
  }

  async plan(brand: string, id: number): Promise<DeskPlanRow | undefined> {
    return (await this.plans(brand)).find((plan) => plan.id === id);
  }

  /** A group's new name or badges; false when the brand has no such group. */
  async updateGroup(
    brand: string,
    id: number,
    change: { name?: string; badges?: string[] },
  ): Promise<boolean> {
    return this.changing(brand, async (trx) => {
      const result = await trx
        .updateTable('subscription_groups')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.badges === undefined
            ? {}
            : { metadata_fields: JSON.stringify(change.badges) }),
        })
        .where('brand', '=', brand)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
  }

  async groupExists(brand: string, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscription_groups')
      .select('id')
      .where('brand', '=', brand)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Adds a plan at the end of the brand's order. */
  async add(brand: string, values: PlanValues): Promise<number> {
    return this.changing(brand, async (trx) => {
      await this.lock(trx, brand);
      const { last } = await trx
        .selectFrom('subscription_plans')
        .select((eb) => eb.fn.max('sort').as('last'))
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto('subscription_plans')
        .values({
          ...values,
          brand,
          custom_attributes: JSON.stringify(values.custom_attributes),
          assets: JSON.stringify(['epaper']),
          // A plan made at the desk has no key in catalogue.json: its own, never seeded.
          catalogue_key: `desk-${randomUUID()}`,
          sort: Number(last ?? -1) + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  /** Changes a plan's fields; false when the brand has no such plan. */
  async update(brand: string, id: number, change: PlanUpdate): Promise<boolean> {
    const { custom_attributes: attributes, ...rest } = change;
    const result = await this.changing(brand, (trx) =>
      trx
        .updateTable('subscription_plans')
        .set({
          ...rest,
          ...(attributes ? { custom_attributes: JSON.stringify(attributes) } : {}),
        })
        .where('brand', '=', brand)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    return result.numUpdatedRows > 0n;
  }

  /** Swaps the plan with its neighbour in the brand's order; false when it has none that way. */
  async move(brand: string, id: number, direction: 'up' | 'down'): Promise<boolean> {
    return this.changing(brand, async (trx) => {
      await this.lock(trx, brand);
      const order = await trx
        .selectFrom('subscription_plans')
        .select(['id', 'sort'])
        .where('brand', '=', brand)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const at = order.findIndex((row) => row.id === id);
      const other = order[direction === 'up' ? at - 1 : at + 1];
      if (at < 0 || !other) return false;
      // Renumbered in order first, so two plans of one sort value move apart too.
      const ids = order.map((row) => row.id);
      [ids[at], ids[order.indexOf(other)]] = [other.id, id];
      for (const [sort, planId] of ids.entries())
        await trx
          .updateTable('subscription_plans')
          .set({ sort })
          .where('id', '=', planId)
          .execute();
      return true;
    });
  }

  /**
   * Deletes a plan nobody ever bought or ordered, in one statement, so a purchase
   * made meanwhile cannot lose its plan: 'deleted', 'used', or 'missing'.
   */
  async delete(brand: string, id: number): Promise<'deleted' | 'used' | 'missing'> {
    const deleted = await this.changing(brand, (trx) =>
      trx
        .deleteFrom('subscription_plans as p')
        .where('p.brand', '=', brand)
        .where('p.id', '=', id)
        .where((eb) =>
          eb.not(
            eb.or([
              eb.exists(
                eb
                  .selectFrom('subscriptions as s')
                  .select('s.id')
                  .whereRef('s.plan_id', '=', 'p.id'),
              ),
              eb.exists(
                eb
                  .selectFrom('payment_orders as o')
                  .select('o.id')
                  .whereRef('o.plan_id', '=', 'p.id'),
              ),
            ]),
          ),
        )
        .executeTakeFirst(),
    );
    if (deleted.numDeletedRows > 0n) return 'deleted';
    const exists = await this.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('brand', '=', brand)
      .where('id', '=', id)
      .executeTakeFirst();
    return exists ? 'used' : 'missing';
  }
}
