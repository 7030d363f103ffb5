// The billing simulation's chance and faults: one seeded stream of chance for the
// whole run, the fake Razorpay failing calls before or after they take effect (and
// a money call killing the servers after it), and webhooks that arrive late, twice
// or never. On quiet days no fault is drawn.
import {
  startFakeRazorpay,
  type FakeFault,
  type FakeRazorpay,
} from '../test/helpers/fake-razorpay.ts';

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The run's one stream of chance, and the faults injected so far, by kind. */
export class Dice {
  readonly faults: Record<string, number> = {};
  readonly random: () => number;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  count(kind: string): void {
    this.faults[kind] = (this.faults[kind] ?? 0) + 1;
  }
}

/** A call that moves money: a debit, a refund or a mandate's cancellation. */
const moneyCall = (method: string, urlPath: string) =>
  (method === 'POST' && /\/v1\/payments\/(create\/recurring|[^/]+\/refund)$/.test(urlPath)) ||
  method === 'DELETE';

/**
 * The fake Razorpay, failing calls while `run.faultsOn`; `kill` is called when a
 * money call took effect and the servers are to die before they write it down.
 */
export function startFaultyRazorpay(
  dice: Dice,
  run: { faultsOn: boolean },
  now: () => Date,
  kill: () => void,
): Promise<FakeRazorpay> {
  return startFakeRazorpay({
    now,
    fault: ({ method, path: urlPath }): FakeFault => {
      if (!run.faultsOn) return 'none';
      const roll = dice.random();
      if (moneyCall(method, urlPath) && roll < 0.01) return 'kill-after';
      if (roll < 0.05) return 'unavailable';
      if (roll < 0.08) return 'drop-before';
      if (roll < 0.11) return 'drop-after';
      return 'none';
    },
    onFault: (fault) => {
      dice.count(`provider: ${fault}`);
      if (fault === 'kill-after') kill();
    },
  });
}

export interface Webhook {
  due: number;
  body: Buffer;
  headers: Record<string, string>;
}

/** The fake's webhooks on their way: some never sent, some late, some twice. */
export class WebhookQueue {
  private readonly queue: Webhook[] = [];

  constructor(
    private readonly fake: FakeRazorpay,
    private readonly dice: Dice,
  ) {}

  /** Queues the webhooks the fake has sent since; on a quiet day each arrives once, on time. */
  take(day: number, quiet: boolean): void {
    for (const hook of this.fake.webhooks.splice(0)) {
      if (!quiet && this.dice.chance(0.1)) {
        this.dice.count('webhook never sent');
        continue;
      }
      const late = !quiet && this.dice.chance(0.3);
      if (late) this.dice.count('webhook late');
      const due = day + (late ? 1 + Math.floor(this.dice.random() * 3) : 0);
      this.queue.push({ due, ...hook });
      if (!quiet && this.dice.chance(0.2)) {
        this.dice.count('webhook twice');
        this.queue.push({ due: due + Math.floor(this.dice.random() * 2), ...hook });
      }
    }
  }

  /** Takes out the webhooks due by `day`, in the order they were queued. */
  due(day: number): Webhook[] {
    const due = this.queue.filter((hook) => hook.due <= day);
    this.queue.splice(0, this.queue.length, ...this.queue.filter((h) => h.due > day));
    return due;
  }
}
