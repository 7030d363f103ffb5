// The plan catalogue (spec 2 §3, §5; issue 7 part 2): groups and plans per brand,
// seeded from catalogue.json on first start and read through a 5-minute cache,
// the spec's plan cache. A row whose fields do not parse is left out and logged,
// so one bad edit in the database cannot take the subscribe page down. Every
// change to a brand's plans bumps its `plans:<brand>` version in its transaction
// (decision 0039): a brand's copy is used only while that version is the one the
// change feed knows, so a desk edit on any server is seen by all of them at once
// (or within CACHE_VERSION_CHECK_MS when a notification is lost), not 5 minutes on.
import type { FastifyBaseLogger } from 'fastify';
import {
  BRAND_CODES,
  durationInMonths,
  isHiddenPlan,
  subscriptionPlanSchema,
  type BrandCode,
  type SubscriptionPlan,
} from '@folio/core';
import { plansTopic } from '../../db/cache-versions.ts';
import type { ChangeFeed } from '../changes/index.ts';
import catalogueFile from './catalogue.json' with { type: 'json' };
import type { CatalogueGroupInput, CatalogueRepo } from './catalogue-repo.ts';

/** The spec's plan cache (spec 2 §9): now only a bound on a copy whose version still matches. */
export const PLAN_CACHE_MS = 5 * 60_000;

/** A retired plan's attributes: its own, with Visibility Hidden in place of any other. */
function retiredAttributes(attributes: unknown): unknown {
  if (!Array.isArray(attributes)) return attributes;
  return [
    ...attributes.filter((a: { name?: unknown }) => a?.name !== 'Visibility'),
    { name: 'Visibility', value: 'Hidden' },
  ];
}

const CATALOGUE = catalogueFile as Record<BrandCode, { groups: CatalogueGroupInput[] }>;

export class Catalogue {
  private readonly cached = new Map<
    BrandCode,
    { at: number; version: number; plans: SubscriptionPlan[] }
  >();
  /** Bumped whenever a copy is dropped, so a read that overlapped the drop is not kept. */
  private generation = 0;

  constructor(
    private readonly repo: CatalogueRepo,
    private readonly log: FastifyBaseLogger,
    /** The versions of each brand's plans, shared by every server. */
    private readonly changes: ChangeFeed,
    private readonly clockMs: () => number = () => performance.now(),
  ) {
    changes.subscribe(plansTopic(''), (topic) => {
      const brand = BRAND_CODES.find((code) => plansTopic(code) === topic);
      if (brand) this.forget(brand);
    });
  }

  /** Seeds every brand that has no catalogue yet; returns the brands seeded. */
  async ensureSeeded(): Promise<BrandCode[]> {
    const seeded: BrandCode[] = [];
    for (const brand of BRAND_CODES) {
      if (await this.repo.seedIfEmpty(brand, CATALOGUE[brand].groups)) seeded.push(brand);
    }
    this.cached.clear();
    this.generation += 1;
    return seeded;
  }

  /** Drops this server's copy of a brand's plans (the desk changed them). */
  forget(brand: BrandCode): void {
    this.cached.delete(brand);
    this.generation += 1;
  }

  /** Every plan of the brand that parses, hidden ones included, in catalogue order. */
  async allPlans(brand: BrandCode): Promise<SubscriptionPlan[]> {
    // Read before the rows: a change committed meanwhile leaves this copy behind it.
    const version = await this.changes.version(plansTopic(brand));
    const hit = this.cached.get(brand);
    if (hit?.version === version && this.clockMs() - hit.at < PLAN_CACHE_MS) return hit.plans;
    const generation = this.generation;
    const plans: SubscriptionPlan[] = [];
    for (const row of await this.repo.listPlans(brand)) {
      const parsed = subscriptionPlanSchema.safeParse({
        id: row.id,
        title: row.title,
        price_cents: row.price_cents,
        price_currency: row.price_currency,
        duration_unit: row.duration_unit,
        duration_length: row.duration_length,
        recurring: row.recurring,
        assets: row.assets,
        subscription_group_id: row.subscription_group_id,
        // A retired plan is off sale like a hidden one; the subscriptions bought on it
        // still find it (payment completion, renewals).
        custom_attributes: row.retired
          ? retiredAttributes(row.custom_attributes)
          : row.custom_attributes,
        group: {
          id: row.subscription_group_id,
          name: row.group_name,
          custom_attributes: row.group_attributes,
          metadata_fields: row.group_metadata,
        },
      });
      if (parsed.success) plans.push(parsed.data);
      else
        this.log.warn({ planId: row.id, issues: parsed.error.issues }, 'plan left out: bad fields');
    }
    if (generation === this.generation)
      this.cached.set(brand, { at: this.clockMs(), version, plans });
    return plans;
  }

  /** Plans on sale, sorted by duration in months, then price (spec 2 §5). */
  async visiblePlans(brand: BrandCode): Promise<SubscriptionPlan[]> {
    const plans = (await this.allPlans(brand)).filter((plan) => !isHiddenPlan(plan));
    return plans.sort(
      (a, b) =>
        durationInMonths(a.duration_unit, a.duration_length) -
          durationInMonths(b.duration_unit, b.duration_length) || a.price_cents - b.price_cents,
    );
  }

  async findPlan(brand: BrandCode, planId: number): Promise<SubscriptionPlan | undefined> {
    return (await this.allPlans(brand)).find((plan) => plan.id === planId);
  }
}
