// Reader constants from spec 1 §9.

/** A swipe turns the page only beyond this horizontal distance. */
export const SWIPE_THRESHOLD_PX = 50;
/** Fit-to-width: never wider than this… */
export const WIDTH_MODE_MAX_PX = 1200;
/** …and leaves this much of the viewport for the page arrows. */
export const WIDTH_MODE_GUTTER_PX = 128;
/** Fit-to-height: leaves this much of the viewport for header and footer. */
export const HEIGHT_MODE_GUTTER_PX = 100;
/** How long the "updating" flag shows after switching edition. */
export const EDITION_SWITCH_FLAG_MS = 500;
/** A saved scroll position and navigation state are honoured for this long. */
export const NAVIGATION_STATE_TTL_MS = 5 * 60_000;
/**
 * A signed-in reader's place is kept on the account once they have stayed on a
 * page this long, so flipping through pages sends one save, not one per page.
 */
export const POSITION_SAVE_DELAY_MS = 1500;
