// Analytics (spec 1 §7: events are pushed to a tag manager). Every event goes to
// window.dataLayer, the queue Google Tag Manager reads, whether or not GTM loads:
// the site loads GTM only when the server names a container (GTM_ID), so without
// one nothing is sent anywhere and the queue simply stays in the page.

/** The events the product tracks (spec 1 §4, §7; spec 2 §4, §7). */
export type TrackedEvent =
  | 'login'
  | 'change_edition'
  | 'view_plan_details'
  | 'select_plan'
  | 'begin_checkout'
  | 'purchase'
  | 'payment_failure'
  | 'share'
  | 'save_article'
  | 'download_article'
  | 'navigate_page'
  | 'article_open'
  | 'read_article'
  | 'toggle_reader_view';

/** What an event carries besides its name; `event` itself is never overwritten. */
export type TrackParams = Record<string, string | number | boolean | null | undefined> & {
  event?: never;
};

type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** Marks the one GTM script, so a refetched config does not load it twice. */
const TAG_MANAGER_ATTRIBUTE = 'data-tag-manager';

function dataLayer(): DataLayerEntry[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function track(event: TrackedEvent, params: TrackParams = {}): void {
  dataLayer().push({ event, ...params });
}

/**
 * Loads Google Tag Manager's container `gtmId` once, the way GTM's own snippet
 * does (its start event first, then the script), but as a script element rather
 * than an inline script, which the site's CSP forbids. With no id it does nothing.
 */
export function installTagManager(gtmId: string | null | undefined): void {
  if (!gtmId || document.querySelector(`script[${TAG_MANAGER_ATTRIBUTE}]`)) return;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  script.setAttribute(TAG_MANAGER_ATTRIBUTE, gtmId);
  document.head.append(script);
}
