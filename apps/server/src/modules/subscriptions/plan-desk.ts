// The business desk's plans (issue 27 part 1): an admin makes a plan, edits its
// texts, attributes, price, group and place, hides, retires or deletes it. A price
// is what the next purchase pays: subscriptions keep the price they were bought at
// (price_minor) through every renewal, and an order already made pays its own
// amount. A plan anybody bought or ordered is never deleted. Every change is in the
// audit log with the plan before and after (written by `record`, which the wiring
// root gives: the desk's audit log sits above this module); this server's plan
// cache is dropped at once (other servers' within the spec's 5 minutes).
import { attributeOf, type BrandCode, type CustomAttribute } from '@folio/core';
import {
  PLAN_MESSAGES,
  type DeskGroup,
  type DeskPlan,
  type DeskPlans,
  type GroupChange,
  type PlanChange,
  type PlanCreate,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { Catalogue } from './catalogue.ts';
import type { DeskPlanRow, PlanDeskRepo, PlanUpdate } from './plan-desk-repo.ts';

/** The attributes the desk edits by name; any other a plan carries is kept as it is. */
const EDITED = new Set(['Tagline', 'Description', 'ArchivalAccess', 'Visibility']);
const mrpName = (currency: string) => `MRP_${currency}`;

const attributesOf = (row: DeskPlanRow): CustomAttribute[] =>
  Array.isArray(row.custom_attributes) ? row.custom_attributes : [];

export function toDeskPlan(row: DeskPlanRow): DeskPlan {
  const attributes = attributesOf(row);
  const mrp = Number(attributeOf(attributes, mrpName(row.price_currency)));
  const archive = Number(attributeOf(attributes, 'ArchivalAccess'));
  const description = attributeOf(attributes, 'Description') ?? '';
  return {
    id: row.id,
    groupId: row.group_id,
    title: row.title,
    tagline: attributeOf(attributes, 'Tagline') ?? '',
    description: description === '' ? [] : description.split('|'),
    archivalAccess: Number.isInteger(archive) && archive >= -1 ? archive : 0,
    mrp: Number.isInteger(mrp) && mrp > 0 ? mrp : null,
    visible: attributeOf(attributes, 'Visibility') !== 'Hidden',
    retired: row.retired,
    priceMinor: row.price_cents,
    currency: row.price_currency as DeskPlan['currency'],
    durationUnit: row.duration_unit as DeskPlan['durationUnit'],
    durationLength: row.duration_length,
    recurring: row.recurring,
    running: row.running,
    used: row.used,
  };
}

function toDeskGroup(row: { id: number; name: string; metadata_fields: unknown }): DeskGroup {
  return {
    id: row.id,
    name: row.name,
    badges: Array.isArray(row.metadata_fields) ? (row.metadata_fields as string[]) : [],
  };
}

/** Who changed a plan, as the desk names staff. */
export interface PlanActor {
  userId: string | null;
  email: string;
  role: string;
}

/** One audit entry of a plan change. */
export interface PlanRecord {
  actor: PlanActor;
  action: string;
  subject: string;
  before?: DeskPlan | DeskGroup;
  after?: DeskPlan | DeskGroup;
}

type Texts = Pick<DeskPlan, 'tagline' | 'description' | 'archivalAccess' | 'mrp' | 'visible'>;

/** The plan's attributes with the desk's texts written in; the others kept, in order. */
export function withTexts(
  attributes: readonly CustomAttribute[],
  currency: string,
  texts: Texts,
): CustomAttribute[] {
  const mrp = mrpName(currency);
  const kept = attributes.filter((a) => !EDITED.has(a.name) && a.name !== mrp);
  return [
    ...(texts.tagline ? [{ name: 'Tagline', value: texts.tagline }] : []),
    ...(texts.description.length > 0
      ? [{ name: 'Description', value: texts.description.join('|') }]
      : []),
    { name: 'ArchivalAccess', value: String(texts.archivalAccess) },
    ...kept,
    ...(texts.mrp === null ? [] : [{ name: mrp, value: String(texts.mrp) }]),
    ...(texts.visible ? [] : [{ name: 'Visibility', value: 'Hidden' }]),
  ];
}

export class PlanDesk {
  constructor(
    private readonly repo: PlanDeskRepo,
    private readonly catalogue: Catalogue,
    private readonly audit: (entry: PlanRecord) => Promise<void>,
  ) {}

  async plans(brand: BrandCode): Promise<DeskPlans> {
    const [groups, plans] = await Promise.all([this.repo.groups(brand), this.repo.plans(brand)]);
    return { brand, groups: groups.map(toDeskGroup), plans: plans.map(toDeskPlan) };
  }

  /** Renames a group or sets its badges (its plans' cards show them, upper-cased). */
  async changeGroup(
    actor: PlanActor,
    brand: BrandCode,
    id: number,
    change: GroupChange,
  ): Promise<DeskPlans> {
    const before = (await this.repo.groups(brand)).find((g) => g.id === id);
    if (!before || !(await this.repo.updateGroup(brand, id, change)))
      throw new NotFoundError(PLAN_MESSAGES.groupNotFound);
    const after = (await this.plans(brand)).groups.find((g) => g.id === id);
    this.catalogue.forget(brand);
    await this.audit({
      actor,
      action: 'plan-group.change',
      subject: `plan-group:${brand}:${id}`,
      before: toDeskGroup(before),
      ...(after ? { after } : {}),
    });
    return this.plans(brand);
  }

  private async record(
    actor: PlanActor,
    action: string,
    brand: BrandCode,
    id: number,
    before: DeskPlan | undefined,
    after: DeskPlan | undefined,
  ): Promise<void> {
    this.catalogue.forget(brand);
    await this.audit({
      actor,
      action,
      subject: `plan:${brand}:${id}`,
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
    });
  }

  private async found(brand: BrandCode, id: number): Promise<DeskPlanRow> {
    const row = await this.repo.plan(brand, id);
    if (!row) throw new NotFoundError(PLAN_MESSAGES.planNotFound);
    return row;
  }

  private async checkGroup(brand: BrandCode, groupId: number): Promise<void> {
    if (!(await this.repo.groupExists(brand, groupId)))
      throw new BadRequestError(PLAN_MESSAGES.groupNotFound);
  }

  async create(actor: PlanActor, brand: BrandCode, plan: PlanCreate): Promise<DeskPlans> {
    await this.checkGroup(brand, plan.groupId);
    const id = await this.repo.add(brand, {
      group_id: plan.groupId,
      title: plan.title,
      price_cents: plan.priceMinor,
      price_currency: plan.currency,
      duration_unit: plan.durationUnit,
      duration_length: plan.durationLength,
      recurring: plan.recurring,
      custom_attributes: withTexts([], plan.currency, plan),
    });
    await this.record(
      actor,
      'plan.add',
      brand,
      id,
      undefined,
      toDeskPlan(await this.found(brand, id)),
    );
    return this.plans(brand);
  }

  async change(
    actor: PlanActor,
    brand: BrandCode,
    id: number,
    change: PlanChange,
  ): Promise<DeskPlans> {
    const row = await this.found(brand, id);
    const before = toDeskPlan(row);
    const { move, retired, groupId, title, priceMinor, ...texts } = change;
    // A retired plan is changed only by restoring it (or moved in the list).
    const editing = Object.values({ groupId, title, priceMinor, ...texts }).some(
      (value) => value !== undefined,
    );
    if (before.retired && retired !== false && editing)
      throw new ConflictError(PLAN_MESSAGES.planRetired);
    if (groupId !== undefined) await this.checkGroup(brand, groupId);
    const merged: Texts = {
      tagline: texts.tagline ?? before.tagline,
      description: texts.description ?? before.description,
      archivalAccess: texts.archivalAccess ?? before.archivalAccess,
      mrp: texts.mrp === undefined ? before.mrp : texts.mrp,
      visible: texts.visible ?? before.visible,
    };
    const price = priceMinor ?? before.priceMinor;
    if (merged.mrp !== null && merged.mrp * 100 <= price)
      throw new BadRequestError(PLAN_MESSAGES.mrpInvalid);
    const update: PlanUpdate = {
      ...(groupId === undefined ? {} : { group_id: groupId }),
      ...(title === undefined ? {} : { title }),
      ...(priceMinor === undefined ? {} : { price_cents: priceMinor }),
      ...(retired === undefined ? {} : { retired }),
      ...(Object.values(texts).some((value) => value !== undefined)
        ? { custom_attributes: withTexts(attributesOf(row), row.price_currency, merged) }
        : {}),
    };
    if (Object.keys(update).length > 0 && !(await this.repo.update(brand, id, update)))
      throw new NotFoundError(PLAN_MESSAGES.planNotFound);
    if (move) await this.repo.move(brand, id, move);
    const after = toDeskPlan(await this.found(brand, id));
    const action =
      retired === true && !before.retired
        ? 'plan.retire'
        : retired === false && before.retired
          ? 'plan.restore'
          : priceMinor !== undefined && priceMinor !== before.priceMinor
            ? 'plan.price'
            : 'plan.change';
    await this.record(actor, action, brand, id, before, after);
    return this.plans(brand);
  }

  /** Deletes a plan nobody bought or ordered; one in use is refused (hide or retire it). */
  async remove(actor: PlanActor, brand: BrandCode, id: number): Promise<DeskPlans> {
    const before = toDeskPlan(await this.found(brand, id));
    const outcome = await this.repo.delete(brand, id);
    if (outcome === 'missing') throw new NotFoundError(PLAN_MESSAGES.planNotFound);
    if (outcome === 'used') throw new ConflictError(PLAN_MESSAGES.planInUse);
    await this.record(actor, 'plan.remove', brand, id, before, undefined);
    return this.plans(brand);
  }
}
