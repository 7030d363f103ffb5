// Layout constants of spec 1 §9 that more than one screen uses.

/** Below this width the phone layout applies. */
export const MOBILE_BREAKPOINT_PX = 768;
/** The date selector's calendar is exactly this wide. */
export const CALENDAR_WIDTH_PX = 280;
