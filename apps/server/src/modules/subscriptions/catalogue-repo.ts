// SQL for the plan catalogue: groups and plans per brand, seeded from catalogue.json.
import type { Kysely, Selectable } from 'kysely';
import { bumpVersion, plansTopic } from '../../db/cache-versions.ts';
import type { Database } from '../../db/schema.ts';

/** The plan fields stored as they are (no JSON). */
type PlanFields = Pick<
  Selectable<Database['subscription_plans']>,
  'title' | 'price_cents' | 'price_currency' | 'duration_unit' | 'duration_length' | 'recurring'
>;

interface Attribute {
  name: string;
  value: string;
}

export interface CatalogueGroupInput {
  key: string;
  name: string;
  custom_attributes: Attribute[];
  metadata_fields: string[];
  plans: Array<PlanFields & { key: string; assets: string[]; custom_attributes: Attribute[] }>;
}

/** A plan row joined with its group, before the service checks its fields. */
export interface PlanRow extends PlanFields {
  id: number;
  assets: unknown;
  subscription_group_id: number;
  custom_attributes: unknown;
  group_name: string;
  group_attributes: unknown;
  group_metadata: unknown;
  /** Off sale for good (the desk retired it): readers see it as hidden. */
  retired: boolean;
}

export class CatalogueRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the brand's catalogue when it has no groups yet; true when it did. */
  async seedIfEmpty(brand: string, groups: CatalogueGroupInput[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('subscription_groups')
        .select('id')
        .where('brand', '=', brand)
        .limit(1)
        .executeTakeFirst();
      if (existing) return false;
      let planSort = 0;
      for (const [groupSort, group] of groups.entries()) {
        const { id } = await trx
          .insertInto('subscription_groups')
          .values({
            brand,
            catalogue_key: group.key,
            name: group.name,
            custom_attributes: JSON.stringify(group.custom_attributes),
            metadata_fields: JSON.stringify(group.metadata_fields),
            sort: groupSort,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const plan of group.plans) {
          await trx
            .insertInto('subscription_plans')
            .values({
              group_id: id,
              brand,
              catalogue_key: plan.key,
              title: plan.title,
              price_cents: plan.price_cents,
              price_currency: plan.price_currency,
              duration_unit: plan.duration_unit,
              duration_length: plan.duration_length,
              recurring: plan.recurring,
              assets: JSON.stringify(plan.assets),
              custom_attributes: JSON.stringify(plan.custom_attributes),
              sort: planSort++,
            })
            .execute();
        }
      }
      // Servers that read the empty catalogue meanwhile read it again (decision 0039).
      await bumpVersion(trx, plansTopic(brand));
      return true;
    });
  }

  async listPlans(brand: string): Promise<PlanRow[]> {
    return this.db
      .selectFrom('subscription_plans as p')
      .innerJoin('subscription_groups as g', 'g.id', 'p.group_id')
      .select([
        'p.id',
        'p.title',
        'p.price_cents',
        'p.price_currency',
        'p.duration_unit',
        'p.duration_length',
        'p.recurring',
        'p.assets',
        'p.group_id as subscription_group_id',
        'p.custom_attributes',
        'g.name as group_name',
        'g.custom_attributes as group_attributes',
        'g.metadata_fields as group_metadata',
        'p.retired',
      ])
      .where('p.brand', '=', brand)
      .orderBy('p.sort')
      .execute();
  }
}
