// The billing simulation's readers: on a day drawn at random a reader buys, renews,
// upgrades, downgrades or cancels by what they hold, pays on Razorpay's page or walks
// away, and has their access looked at, all through Folio's HTTP routes.
import type { SubscriptionPlan } from '@folio/core';
import type { FakeRazorpay } from '../test/helpers/fake-razorpay.ts';
import type { Observation } from './checks.ts';
import type { Dice } from './sim-faults.ts';
import type { Reader, SimHttp } from './sim-http.ts';

export class SimReaders {
  constructor(
    private readonly http: SimHttp,
    private readonly fake: FakeRazorpay,
    private readonly dice: Dice,
    private readonly plansOf: Record<Reader['brand'], SubscriptionPlan[]>,
    /** The development clock the servers run. */
    private readonly now: () => Date,
  ) {}

  /** What the reader may read today, as the API answers. */
  async observe(reader: Reader, today: string): Promise<Observation> {
    const state = await this.http.state(reader);
    return {
      userId: reader.userId,
      brand: reader.brand.toLowerCase(),
      day: today,
      at: this.now().getTime(),
      kind: state.entitlement.kind,
    };
  }

  /** One reader's choice for the day, by what they hold. */
  async act(reader: Reader): Promise<void> {
    const state = await this.http.state(reader);
    const plans = this.plansOf[reader.brand];
    const current = state.subscription;
    if (!current || !current.active) {
      const currency = this.dice.chance(0.75) ? 'INR' : 'USD';
      const choices = plans.filter((p) => p.price_currency === currency);
      const plan = choices[Math.floor(this.dice.random() * choices.length)];
      if (plan) await this.buy(reader, plan.id);
      return;
    }
    const roll = this.dice.random();
    const same = plans.filter((p) => p.price_currency === current.plan_amount_currency);
    if (current.renew_by_payment && roll < 0.5) {
      await this.buy(reader, current.subscription_plan_id);
    } else if (roll < 0.35) {
      const up = same.filter((p) => p.price_cents > current.plan_amount_cents);
      const plan = up[Math.floor(this.dice.random() * up.length)];
      if (plan) await this.buy(reader, plan.id);
    } else if (roll < 0.55) {
      const down = same.filter((p) => p.price_cents < current.plan_amount_cents);
      const plan = down[Math.floor(this.dice.random() * down.length)];
      if (plan) await this.http.checkout(reader, plan.id);
    } else if (roll < 0.7 && current.cancellable) {
      await this.http.cancel(reader, current.id);
    }
  }

  /** Proceed To Pay, and the reader on Razorpay's page: pays, or walks away; the return may be lost. */
  private async buy(reader: Reader, planId: number): Promise<void> {
    const started = await this.http.checkout(reader, planId);
    if (started?.kind !== 'payment') return;
    if (this.dice.chance(0.08)) return;
    const orderId = started.checkout.fields.order_id ?? '';
    let fields: Record<string, string>;
    try {
      fields = this.fake.pay(orderId);
    } catch {
      return;
    }
    if (this.dice.chance(0.1)) {
      this.dice.count('browser return lost');
      return;
    }
    await this.http.callback(
      started.checkout.fields.callback_url ?? '',
      fields,
      this.fake.config.apiUrl,
    );
  }
}
