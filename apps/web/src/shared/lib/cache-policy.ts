// Cache lifetimes from spec 1 §9, in one place so every query states its policy by name.
import { isApiError, NETWORK_ERROR_STATUS } from './http.ts';

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** E-paper data: fresh 1 h, kept 24 h, refetched on focus and mount. */
export const EPAPER_DATA_STALE_MS = HOUR_MS;
export const EPAPER_DATA_GC_MS = DAY_MS;
/** Edition list: 1 h. */
export const EDITIONS_STALE_MS = HOUR_MS;
/** Calendars and holiday notices change at most daily; an hour keeps them current enough. */
export const CALENDAR_STALE_MS = HOUR_MS;
/** `today` in /api/config turns over at 06:00, so a long-open tab must not keep it for hours. */
export const APP_CONFIG_STALE_MS = 5 * MINUTE_MS;
/** A published article's text does not change during the day. */
export const ARTICLE_STALE_MS = HOUR_MS;
/** Reader preferences: fresh 30 min, kept 60 min (spec 1 §9). */
export const PREFERENCES_STALE_MS = 30 * MINUTE_MS;
export const PREFERENCES_GC_MS = HOUR_MS;
/** Saved articles: fresh 5 min (spec 1 §9); the reader's own saves and removals update it at once. */
export const SAVED_ARTICLES_STALE_MS = 5 * MINUTE_MS;
/**
 * Who is signed in changes only through this app's own sign-in and logout, which
 * refresh it themselves; focus refetches still catch a logout in another tab.
 */
export const AUTH_ME_STALE_MS = 5 * MINUTE_MS;

/**
 * One retry (spec 1 §9), but only for failures a retry can fix: a 4xx such as
 * "No Edition Available" answers the same the second time.
 */
export function retryOnce(failureCount: number, error: Error): boolean {
  return isTransient(error) && failureCount < 1;
}

/** A failure the same request may not meet again: the network, or the server's 5xx. */
function isTransient(error: Error): boolean {
  return !(isApiError(error) && error.status !== NETWORK_ERROR_STATUS && error.status < 500);
}

/**
 * Writes nobody watches happen (the reading position): a dropped connection or a
 * restarting server must not lose them, so they are tried three more times, 1 s,
 * 2 s and 4 s apart (react-query's doubling delay), and not at all after a 4xx.
 */
export const BACKGROUND_WRITE_RETRIES = 3;
export function retryBackgroundWrite(failureCount: number, error: Error): boolean {
  return isTransient(error) && failureCount < BACKGROUND_WRITE_RETRIES;
}
