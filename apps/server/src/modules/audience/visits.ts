// Readers per brand and day without personal data (issue 27 part 5, decision 0035).
// Each page load sends one beacon; the visitor is kept as HMAC-SHA256, under a random
// salt of the day, of the reader's id when signed in or of the address and browser
// when not, with the most it was that day: a visitor, signed in, or a subscriber as
// the access decision (ViewerEntitlements) says. Nothing else about the request is
// kept. A day's salt is forgotten once the day after it is over, so a kept hash can
// no longer be recomputed from anybody's id or address. The beacon is limited per
// address and day; over it, the beacon is refused and nothing is kept.
import { createHmac, randomBytes } from 'node:crypto';
import { addDays, calendarToday, type BrandCode, type Entitlement } from '@folio/core';
import { TooManyRequestsError } from '../../errors.ts';
import type { ReaderKind } from '../../db/schema.ts';
import type { ReaderDayRepo } from './visit-repo.ts';

/** Beacons one address may send a day: an office or a campus behind one address reads a lot. */
export const VISITS_PER_ADDRESS_PER_DAY = 5_000;
/** The longest browser name hashed; a longer one is the same browser for counting. */
const MAX_USER_AGENT = 512;

const KINDS: Record<Entitlement['kind'], ReaderKind> = { visitor: 1, free: 2, subscriber: 3 };

export interface VisitSource {
  /** The signed-in reader's id, or null. */
  readerId: string | null;
  entitlement: Entitlement['kind'];
  ip: string;
  userAgent: string;
}

export class ReaderVisits {
  /** The salts this server has read, by day (a day's salt never changes once kept). */
  private readonly salts = new Map<string, string>();

  constructor(
    private readonly repo: ReaderDayRepo,
    private readonly timeZone: string,
    private readonly now: () => Date,
  ) {}

  async record(brand: BrandCode, source: VisitSource): Promise<void> {
    const day = calendarToday(this.now(), this.timeZone);
    const salt = await this.saltOf(day);
    const address = hmac(salt, `address\n${source.ip}`);
    if ((await this.repo.countVisit(day, address)) > VISITS_PER_ADDRESS_PER_DAY)
      throw new TooManyRequestsError('Too many visits from this address today.');
    const who =
      source.readerId === null
        ? `browser\n${source.ip}\n${source.userAgent.slice(0, MAX_USER_AGENT)}`
        : `reader\n${source.readerId}`;
    await this.repo.record(brand, day, hmac(salt, who), KINDS[source.entitlement]);
  }

  /** The day's salt; the first look-up of a new day forgets the salts before yesterday. */
  private async saltOf(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known !== undefined) return known;
    const salt = await this.repo.salt(day, randomBytes(32).toString('hex'));
    const yesterday = addDays(day, -1);
    await this.repo.forgetBefore(yesterday);
    for (const kept of this.salts.keys()) if (kept < yesterday) this.salts.delete(kept);
    this.salts.set(day, salt);
    return salt;
  }
}

function hmac(salt: string, text: string): string {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(text).digest('hex');
}
