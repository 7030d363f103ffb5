// The development clock: the one clock every service reads (subscriptions,
// renewals, editions, media checks), which a developer can move forward to watch
// a plan renew, fall into grace and lapse without waiting a month. It exists only
// outside production (createContainer), and its route answers only a client on
// this machine (routes.ts). Tests move the same clock.

/** Milliseconds in a day. */
const DAY_MS = 86_400_000;

export class DevClock {
  private offsetMs = 0;

  /** The clock: real time plus the offset. */
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  /** Whole days the clock runs ahead of real time (rounded down). */
  get offsetDays(): number {
    return Math.floor(this.offsetMs / DAY_MS);
  }

  /** Runs the clock this many days ahead of real time (0 puts it back). */
  setOffsetDays(days: number): void {
    this.offsetMs = days * DAY_MS;
  }

  /** Moves the clock forward by a duration (tests). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
