// Plans (issue 27 part 1, admins only): a paper's plans in the order readers see
// them, each with its price, length and how many readers hold it now. An admin
// makes a plan, edits its texts and price (new purchases only: running
// subscriptions keep what they bought, which the form says), moves it, hides,
// retires or restores it, and deletes one nobody ever bought; a group of plans is
// renamed or given the badges its plans' cards show. The server refuses what does
// not fit, in its own words.
import { useId, useState, type FormEvent } from 'react';
import { formatMoney, type BrandCode, type Currency } from '@folio/core';
import {
  MAX_ARCHIVE_DAYS,
  MAX_GROUP_BADGE,
  MAX_GROUP_BADGES,
  MAX_GROUP_NAME,
  MAX_PLAN_BULLET,
  MAX_PLAN_BULLETS,
  MAX_PLAN_TAGLINE,
  MAX_PLAN_TITLE,
  type DeskGroup,
  type DeskPlan,
  type DeskPlans,
  type PlanCreate,
} from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import {
  useChangeGroup,
  useChangePlan,
  useCreatePlan,
  useDeletePlan,
  usePlans,
} from '../plans-api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';
const labelClasses = 'flex flex-col gap-1 text-sm font-semibold';

function Problem({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** "199.00" or "199" as minor units (19900), or NaN when it is not a price. */
export function toMinor(value: string): number {
  const trimmed = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const length = (plan: Pick<DeskPlan, 'durationLength' | 'durationUnit'>) =>
  `${plan.durationLength} ${plan.durationUnit.replace(/s$/, '')}${plan.durationLength === 1 ? '' : 's'}`;

interface FormValues {
  title: string;
  groupId: string;
  tagline: string;
  description: string;
  archivalAccess: string;
  mrp: string;
  visible: boolean;
  price: string;
  currency: Currency;
  durationUnit: PlanCreate['durationUnit'];
  durationLength: string;
  recurring: boolean;
}

const emptyForm = (groupId: number | undefined): FormValues => ({
  title: '',
  groupId: String(groupId ?? ''),
  tagline: '',
  description: '',
  archivalAccess: '0',
  mrp: '',
  visible: false,
  price: '',
  currency: 'INR',
  durationUnit: 'month',
  durationLength: '1',
  recurring: true,
});

const formOf = (plan: DeskPlan): FormValues => ({
  title: plan.title,
  groupId: String(plan.groupId),
  tagline: plan.tagline,
  description: plan.description.join('\n'),
  archivalAccess: String(plan.archivalAccess),
  mrp: plan.mrp === null ? '' : String(plan.mrp),
  visible: plan.visible,
  price: (plan.priceMinor / 100).toFixed(2),
  currency: plan.currency,
  durationUnit: plan.durationUnit,
  durationLength: String(plan.durationLength),
  recurring: plan.recurring,
});

/** The texts both forms send; numbers the server checks (a bad one comes back in its words). */
const textsOf = (form: FormValues) => ({
  title: form.title,
  groupId: Number(form.groupId),
  tagline: form.tagline,
  description: form.description
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  archivalAccess: Number(form.archivalAccess),
  mrp: form.mrp.trim() === '' ? null : Number(form.mrp),
  visible: form.visible,
  priceMinor: toMinor(form.price),
});

function PlanForm({
  plans,
  editing,
  onDone,
  brand,
}: {
  plans: DeskPlans;
  editing: DeskPlan | undefined;
  onDone: () => void;
  brand: BrandCode;
}) {
  const [form, setForm] = useState<FormValues>(() =>
    editing ? formOf(editing) : emptyForm(plans.groups[0]?.id),
  );
  const create = useCreatePlan(brand);
  const change = useChangePlan(brand);
  const ids = useId();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const priceChanged = editing !== undefined && toMinor(form.price) !== editing.priceMinor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texts = textsOf(form);
    if (editing) {
      change.mutate({ id: editing.id, change: texts }, { onSuccess: onDone });
    } else {
      create.mutate(
        {
          ...texts,
          currency: form.currency,
          durationUnit: form.durationUnit,
          durationLength: Number(form.durationLength),
          recurring: form.recurring,
        },
        { onSuccess: onDone },
      );
    }
  };
  const pending = create.isPending || change.isPending;
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-xl border border-ink/15 p-4"
    >
      <h3 id={`${ids}-title`} className="font-bold">
        {editing ? `Edit ${editing.title}` : 'New plan'}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={labelClasses}>
          Name
          <input
            className={inputClasses}
            value={form.title}
            maxLength={MAX_PLAN_TITLE}
            onChange={(e) => set('title', e.target.value)}
            required
          />
        </label>
        <label className={labelClasses}>
          Group
          <select
            className={inputClasses}
            value={form.groupId}
            onChange={(e) => set('groupId', e.target.value)}
          >
            {plans.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClasses}>
          Price ({form.currency}, for new purchases)
          <input
            className={inputClasses}
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set('price', e.target.value)}
            required
          />
        </label>
        <label className={labelClasses}>
          Crossed-out price (whole {form.currency}, optional)
          <input
            className={inputClasses}
            inputMode="numeric"
            value={form.mrp}
            onChange={(e) => set('mrp', e.target.value)}
          />
        </label>
        {!editing && (
          <>
            <label className={labelClasses}>
              Currency
              <select
                className={inputClasses}
                value={form.currency}
                onChange={(e) => set('currency', e.target.value as Currency)}
              >
                <option value="INR">INR</option>
                <option value="USD">USD</option>
              </select>
            </label>
            <div className="flex gap-2">
              <label className={labelClasses}>
                Length
                <input
                  className={`${inputClasses} w-24`}
                  inputMode="numeric"
                  value={form.durationLength}
                  onChange={(e) => set('durationLength', e.target.value)}
                />
              </label>
              <label className={labelClasses}>
                Unit
                <select
                  className={inputClasses}
                  value={form.durationUnit}
                  onChange={(e) =>
                    set('durationUnit', e.target.value as FormValues['durationUnit'])
                  }
                >
                  <option value="days">days</option>
                  <option value="month">month</option>
                  <option value="months">months</option>
                  <option value="year">year</option>
                  <option value="years">years</option>
                </select>
              </label>
            </div>
          </>
        )}
        <label className={labelClasses}>
          Tagline
          <input
            className={inputClasses}
            value={form.tagline}
            maxLength={MAX_PLAN_TAGLINE}
            onChange={(e) => set('tagline', e.target.value)}
          />
        </label>
        <label className={labelClasses}>
          Archive access in days (-1: the whole archive, up to {MAX_ARCHIVE_DAYS})
          <input
            className={inputClasses}
            inputMode="numeric"
            value={form.archivalAccess}
            onChange={(e) => set('archivalAccess', e.target.value)}
          />
        </label>
      </div>
      <label className={labelClasses}>
        Description: one line each, up to {MAX_PLAN_BULLETS}
        <textarea
          className={`${inputClasses} min-h-24 py-2`}
          value={form.description}
          maxLength={(MAX_PLAN_BULLET + 1) * MAX_PLAN_BULLETS}
          onChange={(e) => set('description', e.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.visible}
            onChange={(e) => set('visible', e.target.checked)}
          />
          Readers see it on the subscribe page
        </label>
        {!editing && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.recurring}
              onChange={(e) => set('recurring', e.target.checked)}
            />
            Renews by itself
          </label>
        )}
      </div>
      {priceChanged && editing.running > 0 && (
        <p role="note" className="text-sm text-ink-soft">
          The {editing.running} reader{editing.running === 1 ? '' : 's'} on this plan keep
          {editing.running === 1 ? 's' : ''} the price they bought at; the new price is for new
          purchases.
        </p>
      )}
      <Problem error={create.error ?? change.error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {editing ? 'Save plan' : 'Add plan'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Badges as typed: comma-separated, each trimmed, empty ones dropped. */
export const badgesOf = (typed: string) =>
  typed
    .split(',')
    .map((badge) => badge.trim())
    .filter(Boolean);

function GroupForm({ brand, group }: { brand: BrandCode; group: DeskGroup }) {
  const change = useChangeGroup(brand);
  const [name, setName] = useState(group.name);
  const [badges, setBadges] = useState(group.badges.join(', '));
  const [saved, setSaved] = useState(false);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    change.mutate(
      { id: group.id, change: { name, badges: badgesOf(badges) } },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <li>
      <form
        onSubmit={submit}
        aria-label={`Group ${group.name}`}
        className="flex flex-wrap items-end gap-3 py-3"
      >
        <label className={labelClasses} htmlFor={`${ids}-name`}>
          Group name
          <input
            id={`${ids}-name`}
            className={inputClasses}
            value={name}
            maxLength={MAX_GROUP_NAME}
            required
            onChange={(e) => {
              setName(e.target.value);
              setSaved(false);
            }}
          />
        </label>
        <label className={`${labelClasses} min-w-64 flex-1`} htmlFor={`${ids}-badges`}>
          Badges on its cards (up to {MAX_GROUP_BADGES}, separated by commas)
          <input
            id={`${ids}-badges`}
            className={inputClasses}
            value={badges}
            maxLength={(MAX_GROUP_BADGE + 2) * MAX_GROUP_BADGES}
            onChange={(e) => {
              setBadges(e.target.value);
              setSaved(false);
            }}
          />
        </label>
        <p className="flex min-h-11 items-center gap-1">
          <span className="sr-only">Badges as readers see them: </span>
          {badgesOf(badges).map((badge) => (
            <span
              key={badge}
              className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-brand-strong uppercase"
            >
              {badge}
            </span>
          ))}
        </p>
        <Button type="submit" disabled={change.isPending || name.trim() === ''}>
          Save group
        </Button>
        <div className="w-full">
          <Problem error={change.error} />
          {saved && !change.error && (
            <p role="status" className="text-sm text-green-800">
              Saved; readers see it on the subscribe page.
            </p>
          )}
        </div>
      </form>
    </li>
  );
}

export function Plans({ brand }: { brand: BrandCode }) {
  const plans = usePlans(brand);
  const change = useChangePlan(brand);
  const remove = useDeletePlan(brand);
  const [form, setForm] = useState<'new' | number | null>(null);
  if (plans.isPending) return <p role="status">Loading plans...</p>;
  if (plans.error) return <Problem error={plans.error} />;
  const data = plans.data;
  const groupName = (id: number) => data.groups.find((g) => g.id === id)?.name ?? '';
  const editing = typeof form === 'number' ? data.plans.find((p) => p.id === form) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">Plans</h2>
        <Button onClick={() => setForm('new')}>New plan</Button>
      </div>
      {form !== null && (
        <PlanForm
          key={String(form)}
          plans={data}
          editing={editing}
          brand={brand}
          onDone={() => setForm(null)}
        />
      )}
      <Problem error={change.error ?? remove.error} />
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Plans in the order readers see them</caption>
        <thead>
          <tr>
            {['Plan', 'Group', 'Price', 'Length', 'Readers now', 'Shown', 'Actions'].map((h) => (
              <th key={h} scope="col" className="p-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.plans.map((plan, i) => (
            <tr
              key={plan.id}
              className={`border-t border-ink/10 ${plan.retired ? 'bg-paper' : ''}`}
            >
              <th scope="row" className="p-2 font-semibold">
                {plan.title}
                {plan.retired && <span className="ml-2 text-xs uppercase">Retired</span>}
              </th>
              <td className="p-2">{groupName(plan.groupId)}</td>
              <td className="p-2">{formatMoney(plan.priceMinor, plan.currency)}</td>
              <td className="p-2">{length(plan)}</td>
              <td className="p-2">{plan.running}</td>
              <td className="p-2">{plan.visible && !plan.retired ? 'Yes' : 'No'}</td>
              <td className="p-2">
                <div className="flex flex-wrap gap-1">
                  {!plan.retired && (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setForm(plan.id);
                        // Readers may have bought it since the list loaded: the form's
                        // note on a price change counts them as they are now.
                        void plans.refetch();
                      }}
                    >
                      Edit <span className="sr-only">{plan.title}</span>
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={i === 0}
                    aria-label={`Move ${plan.title} up`}
                    onClick={() => change.mutate({ id: plan.id, change: { move: 'up' } })}
                  >
                    Up
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={i === data.plans.length - 1}
                    aria-label={`Move ${plan.title} down`}
                    onClick={() => change.mutate({ id: plan.id, change: { move: 'down' } })}
                  >
                    Down
                  </Button>
                  {!plan.retired && (
                    <Button
                      variant="secondary"
                      aria-label={`${plan.visible ? 'Hide' : 'Show'} ${plan.title}`}
                      onClick={() =>
                        change.mutate({ id: plan.id, change: { visible: !plan.visible } })
                      }
                    >
                      {plan.visible ? 'Hide' : 'Show'}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    aria-label={`${plan.retired ? 'Restore' : 'Retire'} ${plan.title}`}
                    onClick={() =>
                      change.mutate({ id: plan.id, change: { retired: !plan.retired } })
                    }
                  >
                    {plan.retired ? 'Restore' : 'Retire'}
                  </Button>
                  {!plan.used && (
                    <Button
                      variant="secondary"
                      aria-label={`Delete ${plan.title}`}
                      onClick={() => remove.mutate(plan.id)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="plan-groups" className="flex flex-col gap-1">
        <h3 id="plan-groups" className="font-bold">
          Groups
        </h3>
        <ul className="divide-y divide-ink/10">
          {data.groups.map((group) => (
            <GroupForm key={group.id} brand={brand} group={group} />
          ))}
        </ul>
      </section>
    </div>
  );
}
