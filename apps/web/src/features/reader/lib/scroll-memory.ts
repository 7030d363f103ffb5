// Opening an article leaves the reader; coming back should land where the reader
// was (spec 1 §2, §9). Session storage keys are the spec's; both records expire
// after five minutes and are read once.
import { z } from 'zod';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { NAVIGATION_STATE_TTL_MS } from './reader-constants.ts';

const SCROLL_POSITION_KEY = 'epaper_scroll_position';
const NAVIGATION_STATE_KEY = 'epaper_navigation_state';

const scrollPositionSchema = z.object({ y: z.number(), savedAt: z.number() });
const navigationStateSchema = z.object({
  date: z.string(),
  edition: z.number(),
  page: z.number(),
  articleId: z.string().optional(),
  savedAt: z.number(),
});

export interface ReturnPoint {
  scrollY: number;
  articleId?: string;
}

export function rememberReturnPoint(
  place: PagePlace,
  point: ReturnPoint,
  now: number = Date.now(),
): void {
  try {
    sessionStorage.setItem(SCROLL_POSITION_KEY, JSON.stringify({ y: point.scrollY, savedAt: now }));
    sessionStorage.setItem(
      NAVIGATION_STATE_KEY,
      JSON.stringify({ ...place, articleId: point.articleId, savedAt: now }),
    );
  } catch {
    // Storage can be full or disabled (private modes); returning to the top is an acceptable loss.
  }
}

function take<T>(key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The saved return point for exactly this place, if still fresh; consumed either way. */
export function takeReturnPoint(
  place: PagePlace,
  now: number = Date.now(),
): ReturnPoint | undefined {
  const scroll = take(SCROLL_POSITION_KEY, scrollPositionSchema);
  const state = take(NAVIGATION_STATE_KEY, navigationStateSchema);
  if (!scroll || !state) return undefined;
  const fresh =
    now - scroll.savedAt <= NAVIGATION_STATE_TTL_MS &&
    now - state.savedAt <= NAVIGATION_STATE_TTL_MS;
  const samePlace =
    state.date === place.date && state.edition === place.edition && state.page === place.page;
  if (!fresh || !samePlace) return undefined;
  return { scrollY: scroll.y, articleId: state.articleId };
}
