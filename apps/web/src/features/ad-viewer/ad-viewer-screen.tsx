// /ad-viewer/{adId}?imageFile&date&edition&pageNumber (spec 2 §2 "Advertisement
// viewer"): the advertisement a reader tapped, with zoom in and out; the text and
// listen controls of the article reader are shown disabled, since an ad has no
// text. Closing returns to the same date, edition and page, scrolled where the
// reader was. The image is the one the edition's data names for this ad: the
// imageFile in the address is only the link's hint and is never fetched as given.
import { MESSAGES } from '@folio/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { editionPages, mediaUrl, useEpaperData } from '../../shared/api/epaper-data.ts';
import { useMissingHotspotLock } from '../../shared/hooks/use-missing-hotspot-lock.ts';
import { findHotspot } from '../../shared/lib/find-hotspot.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { IMAGE_ZOOM, stepped } from '../../shared/lib/reading-controls.ts';
import {
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  readerHref,
} from '../../shared/lib/reader-links.ts';
import { CloseIcon } from '../../shared/ui/icons.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { LockedNotice, LockedPopupHost } from '../../shared/ui/locked-access.tsx';
import { TOOLBAR_BUTTON, ZoomControls } from '../../shared/ui/zoom-controls.tsx';

const BUTTON = TOOLBAR_BUTTON;

export function AdViewerScreen() {
  const { brand, publisher, today } = useAppConfig();
  const { adId = '' } = useParams();
  const [params] = useSearchParams();
  const date = parseEditionDate(params.get('date'), today) ?? today;
  const edition = parseEditionNumber(params.get('edition')) ?? brand.defaultEdition;
  const pageNumber = parseWholeNumber(params.get('pageNumber'));
  const content = useEpaperData({ publisher, date, edition });
  const pages = content.data ? editionPages(content.data) : [];
  const hit = content.data
    ? findHotspot(pages, (page) => page.ads.find((ad) => ad.id === adId), pageNumber)
    : undefined;
  const found = hit && { ad: hit.hotspot, pageIndex: hit.pageIndex };
  const [zoom, setZoom] = useState(IMAGE_ZOOM.initial);
  const [image, setImage] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const {
    entitlement,
    reason: lockReason,
    popup: lockedPopup,
  } = useMissingHotspotLock({
    publisher,
    brand,
    today,
    date,
    edition,
    pageNumber,
    pages,
    found: found !== undefined,
    key: adId,
  });
  const back = readerHref({ date, edition, page: pageNumber ?? found?.pageIndex ?? 0 });

  const body = (() => {
    if (content.isPending) return <ScreenStatus>Loading advertisement...</ScreenStatus>;
    if (content.isError && !isApiError(content.error, 404))
      return <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>;
    if (lockReason !== null)
      return (
        <LockedNotice action="Unlock this page" onShow={lockedPopup.show}>
          This advertisement is on a page your plan does not open.
        </LockedNotice>
      );
    if (!found || !content.data)
      return <ScreenStatus tone="problem">{MESSAGES.adNotFound}</ScreenStatus>;
    if (image === 'failed')
      return <ScreenStatus tone="problem">{MESSAGES.adImageNotFound}</ScreenStatus>;
    return (
      <div className="mx-auto max-w-3xl overflow-auto">
        {image === 'loading' && <ScreenStatus>Loading advertisement...</ScreenStatus>}
        <img
          src={mediaUrl(content.data.data_url_suffix, found.ad.imgFile)}
          alt="Advertisement"
          draggable={false}
          onLoad={() => setImage('loaded')}
          onError={() => setImage('failed')}
          className="mx-auto block max-w-none bg-white shadow-sm ring-1 ring-ink/10"
          style={{ width: `${zoom * 100}%` }}
        />
      </div>
    );
  })();

  return (
    <>
      <SiteHeader brand={brand}>
        <Link
          to={back}
          aria-label="Close advertisement"
          className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
        >
          <CloseIcon />
          <span className="hidden sm:inline">Close</span>
        </Link>
      </SiteHeader>
      <main id="main" tabIndex={-1} className="min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6">
        {body}
      </main>
      {found && (
        <div
          role="toolbar"
          aria-label="Advertisement controls"
          className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-center gap-2 border-t border-ink/10 bg-paper/95 px-3 py-2 backdrop-blur"
        >
          <ZoomControls
            zoom={zoom}
            onZoom={(direction) => setZoom((value) => stepped(value, direction, IMAGE_ZOOM))}
          />
          {/* Spec 2 §2: an advertisement has no text to show or read aloud. */}
          <button type="button" className={BUTTON} disabled>
            Text view
          </button>
          <button type="button" className={BUTTON} disabled>
            Listen
          </button>
        </div>
      )}
      <LockedPopupHost
        open={lockedPopup.open}
        reason={lockReason}
        entitlement={entitlement}
        onClose={lockedPopup.close}
      />
    </>
  );
}
