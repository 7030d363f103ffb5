// Edition catalogue, holidays and the calendar's view of published issues.
import { sql, type Kysely } from 'kysely';
import { bumpVersion, editionsTopic } from '../../db/cache-versions.ts';
import type { Database, EditionRow } from '../../db/schema.ts';
import type { CatalogueGroup } from './catalogue.ts';

export interface EditionListRow {
  id: number;
  edition_number: number;
  edition_name: string;
  parent_edition: string;
}

export class EditionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Editions of a brand in display order, each with its group's name. */
  async listEditions(brand: string): Promise<EditionListRow[]> {
    return this.db
      .selectFrom('editions as e')
      .innerJoin('edition_groups as g', 'g.id', 'e.group_id')
      .select(['e.id', 'e.edition_number', 'e.edition_name', 'g.parent_edition'])
      .where('e.brand', '=', brand)
      .where('e.retired_at', 'is', null)
      .where('g.retired_at', 'is', null)
      .orderBy('g.sort')
      .orderBy('g.id')
      .orderBy('e.sort')
      .orderBy('e.edition_number')
      .execute();
  }

  async findEdition(brand: string, editionNumber: number): Promise<EditionRow | undefined> {
    return this.db
      .selectFrom('editions')
      .selectAll()
      .where('brand', '=', brand)
      .where('edition_number', '=', editionNumber)
      .executeTakeFirst();
  }

  async countEditions(brand: string): Promise<number> {
    const row = await this.db
      .selectFrom('editions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('brand', '=', brand)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts groups and their editions in the given order, in one transaction. */
  async insertCatalogue(brand: string, groups: CatalogueGroup[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Servers and a worker starting together each find the brand empty: the lock
      // lets one write the catalogue and the others see it written.
      await sql`select pg_advisory_xact_lock(hashtext(${`folio-catalogue:${brand}`}))`.execute(trx);
      const existing = await trx
        .selectFrom('editions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      if (Number(existing.n) > 0) return;
      for (const [groupIndex, group] of groups.entries()) {
        const { id: groupId } = await trx
          .insertInto('edition_groups')
          .values({ brand, parent_edition: group.parentEdition, sort: groupIndex })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('editions')
          .values(
            group.editions.map((edition, index) => ({
              brand,
              edition_number: edition.number,
              edition_name: edition.name,
              group_id: groupId,
              sort: index,
            })),
          )
          .execute();
      }
    });
  }

  /** Dates (yyyy-MM-dd) in [from, to] on which any edition of the brand was published. */
  async issueDates(brand: string, from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('issues')
      .select('issue_date')
      .distinct()
      .where('brand', '=', brand)
      .where('issue_date', '>=', from)
      .where('issue_date', '<=', to)
      .execute();
    return rows.map((r) => r.issue_date);
  }

  async holidayDates(brand: string, from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('holidays')
      .select('holiday_date')
      .where('brand', '=', brand)
      .where('holiday_date', '>=', from)
      .where('holiday_date', '<=', to)
      .execute();
    return rows.map((r) => r.holiday_date);
  }

  async findHoliday(brand: string, date: string): Promise<{ message: string } | undefined> {
    return this.db
      .selectFrom('holidays')
      .select('message')
      .where('brand', '=', brand)
      .where('holiday_date', '=', date)
      .executeTakeFirst();
  }

  /**
   * A day's holiday notice. It and the edition's name are in the brand's e-paper
   * answers, so their writes bump the brand's editions version (decision 0039).
   */
  async upsertHoliday(brand: string, date: string, message: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('holidays')
        .values({ brand, holiday_date: date, message })
        .onConflict((oc) => oc.columns(['brand', 'holiday_date']).doUpdateSet({ message }))
        .execute();
      await bumpVersion(trx, editionsTopic(brand));
    });
  }

  /** The brand's holidays from `from` on, oldest first. */
  async listHolidays(brand: string, from: string): Promise<{ date: string; message: string }[]> {
    return this.db
      .selectFrom('holidays')
      .select(['holiday_date as date', 'message'])
      .where('brand', '=', brand)
      .where('holiday_date', '>=', from)
      .orderBy('holiday_date')
      .execute();
  }

  /** Removes a holiday; its message, or undefined when the day was not one. */
  async deleteHoliday(brand: string, date: string): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('holidays')
        .where('brand', '=', brand)
        .where('holiday_date', '=', date)
        .returning('message')
        .executeTakeFirst();
      if (row) await bumpVersion(trx, editionsTopic(brand));
      return row?.message;
    });
  }

  /** Published issues of the brand in [from, to]: edition, date, pages. */
  async issueSummaries(
    brand: string,
    from: string,
    to: string,
  ): Promise<{ editionNumber: number; date: string; pages: number }[]> {
    const rows = await this.db
      .selectFrom('issues as i')
      .innerJoin('editions as e', 'e.id', 'i.edition_id')
      .leftJoin('pages as p', 'p.issue_id', 'i.id')
      .select((eb) => ['e.edition_number', 'i.issue_date', eb.fn.count<string>('p.id').as('pages')])
      .where('i.brand', '=', brand)
      .where('i.issue_date', '>=', from)
      .where('i.issue_date', '<=', to)
      .groupBy(['e.edition_number', 'i.issue_date'])
      .execute();
    return rows.map((r) => ({
      editionNumber: r.edition_number,
      date: r.issue_date,
      pages: Number(r.pages),
    }));
  }

  /** Every group and edition of the brand, retired ones too, in display order (the desk's view). */
  async catalogue(brand: string) {
    const [groups, editions] = await Promise.all([
      this.db
        .selectFrom('edition_groups')
        .select(['id', 'parent_edition', 'retired_at'])
        .where('brand', '=', brand)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('editions')
        .select(['group_id', 'edition_number', 'edition_name', 'retired_at', 'page_count'])
        .where('brand', '=', brand)
        .orderBy('sort')
        .orderBy('edition_number')
        .execute(),
    ]);
    return { groups, editions };
  }

  /** A new group after the brand's last; throws a unique violation when the name is taken. */
  async insertGroup(brand: string, name: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const top = await trx
        .selectFrom('edition_groups')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('edition_groups')
        .values({ brand, parent_edition: name, sort: Number(top.sort ?? -1) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async findGroupById(id: number) {
    return this.db
      .selectFrom('edition_groups')
      .select(['id', 'brand', 'parent_edition', 'retired_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Throws a unique violation when the new name is another group's. */
  async updateGroup(id: number, change: { parent_edition?: string; retired_at?: Date | null }) {
    if (Object.keys(change).length === 0) return;
    await this.db.updateTable('edition_groups').set(change).where('id', '=', id).execute();
  }

  /** Rewrites the order of the brand's groups to `ids`. */
  async orderGroups(ids: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [sort, id] of ids.entries())
        await trx.updateTable('edition_groups').set({ sort }).where('id', '=', id).execute();
    });
  }

  /** A new edition at the end of its group, numbered after the brand's highest; its number. */
  async insertEdition(brand: string, groupId: number, name: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const top = await trx
        .selectFrom('editions')
        .select((eb) => [
          eb.fn.max('edition_number').as('number'),
          eb.fn.max(eb.case().when('group_id', '=', groupId).then(eb.ref('sort')).end()).as('sort'),
        ])
        .where('brand', '=', brand)
        .executeTakeFirstOrThrow();
      const editionNumber = Number(top.number ?? 0) + 1;
      await trx
        .insertInto('editions')
        .values({
          brand,
          edition_number: editionNumber,
          edition_name: name,
          group_id: groupId,
          sort: Number(top.sort ?? -1) + 1,
        })
        .execute();
      return editionNumber;
    });
  }

  async updateEdition(
    brand: string,
    editionNumber: number,
    change: { edition_name?: string; retired_at?: Date | null; page_count?: number | null },
  ): Promise<void> {
    if (Object.keys(change).length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('editions')
        .set(change)
        .where('brand', '=', brand)
        .where('edition_number', '=', editionNumber)
        .execute();
      await bumpVersion(trx, editionsTopic(brand));
    });
  }

  /** Rewrites the order of one group's editions to `numbers`. */
  async orderEditions(brand: string, numbers: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [sort, editionNumber] of numbers.entries())
        await trx
          .updateTable('editions')
          .set({ sort })
          .where('brand', '=', brand)
          .where('edition_number', '=', editionNumber)
          .execute();
    });
  }
}
