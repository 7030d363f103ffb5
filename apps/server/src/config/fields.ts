// Field types the settings share, each with the message a bad value is listed with.
import { z } from 'zod';

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number from `min` to `max`; any miss is reported with `error`. */
export const wholeNumber = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
