// Wall-clock times in the publisher's time zone (a release held until 7:15 AM on its
// date): the instant of a date and time there, and the time of an instant there.

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The date, hour and minute an instant shows on the zone's clocks. */
export function wallClock(
  at: Date,
  timeZone: string,
): { date: string; hour: number; minute: number } {
  const parts = clockIn(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
  };
}

/** How far the zone's clocks are ahead of UTC at an instant (ms). */
function offsetAt(at: number, timeZone: string): number {
  const { date, hour, minute } = wallClock(new Date(at), timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hour, minute) - Math.floor(at / 60_000) * 60_000;
}

/** The instant the zone's clocks show `hour:minute` on `date` (yyyy-MM-dd). */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour, minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  // Across a change of offset (summer time), the offset at the answer is the one that counts.
  return new Date(asUtc - offsetAt(first, timeZone));
}
