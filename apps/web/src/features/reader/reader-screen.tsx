// The e-paper reader at / (spec 1 §2 "Reader screen", §4 "Reading state").
import {
  addDays,
  deepTileFile,
  formatReleaseTime,
  type AdHotspot,
  type ArticleHotspot,
} from '@folio/core';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { findEdition, useEditionGroups } from '../../shared/api/editions.ts';
import { editionPages, mediaUrl, useEpaperData } from '../../shared/api/epaper-data.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { useHideOnScroll } from '../../shared/hooks/use-hide-on-scroll.ts';
import { useHomeEdition } from '../../shared/hooks/use-home-place.ts';
import { usePageLock } from '../../shared/hooks/use-page-lock.ts';
import { formatSpokenDate } from '../../shared/lib/display-dates.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { adViewerHref, articleHref, type PagePlace } from '../../shared/lib/reader-links.ts';
import { track } from '../../shared/lib/tracking.ts';
import { PageLockPopup } from '../../shared/ui/locked-access.tsx';
import { useHolidayMessage } from './api.ts';
import { OfferStrip } from './components/offer-strip.tsx';
import { PageArrows } from './components/page-arrows.tsx';
import { ReaderFooter, type FooterPanel } from './components/reader-footer.tsx';
import { ReaderHeader } from './components/reader-header.tsx';
import { ReaderStage, type StageState } from './components/reader-stage.tsx';
import { useEditionCheck } from './hooks/use-edition-check.ts';
import { useEditionPreparing } from './hooks/use-edition-preparing.ts';
import { useFirstFrameHandoff } from '../../shared/hooks/use-first-frame-handoff.ts';
import { useIdleAfter } from './hooks/use-idle-after.ts';
import { useLeftOff } from './hooks/use-left-off.ts';
import { usePageImages } from './hooks/use-page-images.ts';
import { usePageTurns } from './hooks/use-page-turns.ts';
import { usePositionSaver } from './hooks/use-position-saver.ts';
import { useReaderPlace } from './hooks/use-reader-place.ts';
import { useReturnPoint } from './hooks/use-return-point.ts';
import { useTransientFlag } from './hooks/use-transient-flag.ts';
import { accessMarks } from './lib/access-marks.ts';
import { missingCase, missingVariant } from './lib/missing-variant.ts';
import { clampPageIndex, type ViewMode } from './lib/page-geometry.ts';
import { EDITION_SWITCH_FLAG_MS } from './lib/reader-constants.ts';
import { rememberReturnPoint } from './lib/scroll-memory.ts';

// Only a signed-in reader who left off elsewhere today is offered the place.
const ContinueReading = lazy(() =>
  import('./components/continue-reading.tsx').then((m) => ({ default: m.ContinueReading })),
);

export function ReaderScreen() {
  const { brand, publisher, today } = useAppConfig();
  const navigate = useNavigate();
  const { entitlement, pending: entitlementPending } = useEntitlement(publisher);
  // Where the address names no edition, the reader's own (spec 1 §4 "Reading state").
  const homeEdition = useHomeEdition();
  const { place: requested, moveTo, continued } = useReaderPlace(today, homeEdition);
  const [viewMode, setViewMode] = useState<ViewMode>('width');
  const [panel, setPanel] = useState<FooterPanel>(null);
  const [updating, raiseUpdating] = useTransientFlag(EDITION_SWITCH_FLAG_MS);
  const barsHidden = useHideOnScroll();

  const editions = useEditionGroups(publisher);
  const content = useEpaperData(
    { publisher, date: requested.date, edition: requested.edition },
    { keepPrevious: true },
  );
  const pages = useMemo(() => (content.data ? editionPages(content.data) : []), [content.data]);
  const mediaSuffix = content.data?.data_url_suffix ?? '';
  const { date, edition } = requested;
  const page = clampPageIndex(requested.requestedPage, pages.length);
  const place: PagePlace = useMemo(() => ({ date, edition, page }), [date, edition, page]);
  const current = pages[page];
  const leftOff = useLeftOff(place, continued);
  const lock = usePageLock(
    current?.locked ?? false,
    entitlement,
    brand,
    { date, editionNumber: edition, pageIndex: page },
    today,
    `${date}|${edition}|${page}`,
  );

  const missing = isApiError(content.error, 404) || (content.isSuccess && pages.length === 0);
  const holiday = useHolidayMessage(date, publisher, missing);
  const seed = useEditionPreparing({ publisher, date, edition }, missing, content.refetch);
  const [selectedArticleId, setSelectedArticleId] = useReturnPoint(place, current !== undefined);
  const clearSelection = useCallback(() => setSelectedArticleId(undefined), [setSelectedArticleId]);
  const turns = usePageTurns({ place, pageCount: pages.length, moveTo, onTurn: clearSelection });
  const images = usePageImages(pages, page, mediaSuffix, viewMode);
  const { editionUnknown, editionName } = useEditionCheck(
    editions.data,
    date,
    edition,
    brand.defaultEdition,
    moveTo,
  );

  const chooseEdition = (next: number) => {
    track('change_edition', { edition_number: next, previous_edition_number: edition });
    raiseUpdating();
    setPanel(null);
    moveTo({ date, edition: next, page: 0 });
  };
  const chooseDate = (next: string) => {
    setPanel(null);
    moveTo({ date: next, edition, page: 0 });
  };
  const openArticle = (article: ArticleHotspot) => {
    rememberReturnPoint(place, { scrollY: window.scrollY, articleId: article.id });
    void navigate(articleHref(article.id, place));
  };
  const openAd = (ad: AdHotspot) => {
    // Back from the ad viewer, the reader lands where it was (spec 1 §4 "Reading state").
    rememberReturnPoint(place, { scrollY: window.scrollY });
    void navigate(adViewerHref(ad.id, mediaUrl(mediaSuffix, ad.imgFile), place));
  };

  const stage: StageState = (() => {
    if (editions.isPending) return { kind: 'loading-editions' };
    if (editionUnknown) return { kind: 'loading-page' };
    if (missing) {
      // One statement per case: wait for what decides it rather than show another first.
      if (holiday.isLoading || !seed.known) return { kind: 'loading-page' };
      const variant = missingVariant(entitlement, brand, date, edition, today);
      return {
        kind: 'missing',
        variant,
        notice: missingCase(variant, date, today, {
          preparing: seed.preparing,
          holidayMessage: holiday.data,
        }),
        releaseTime: formatReleaseTime(brand),
        date,
        editionName,
        holidayMessage: holiday.data,
        onChooseDate: () => setPanel('calendar'),
        onToday: () => moveTo({ date: today, edition, page: 0 }),
        onYesterday: () => moveTo({ date: addDays(date, -1), edition, page: 0 }),
      };
    }
    if (content.isError || editions.isError) {
      return {
        kind: 'failed',
        retry: () => {
          void editions.refetch();
          void content.refetch();
        },
      };
    }
    if (!current || images.currentSrc === undefined) return { kind: 'loading-page' };
    return {
      kind: 'page',
      page: current,
      preview: mediaUrl(mediaSuffix, current.imgPreviewFile),
      src: images.currentSrc,
      onShown: images.setShownSrc,
      alt: `${brand.name}${editionName ? `, ${editionName}` : ''}, ${formatSpokenDate(date)}: ${current.displayName}`,
      size: images.sizeOf(current),
      dimmed: updating || content.isPlaceholderData,
      // A search hit's article stays selected until the reader moves or picks another.
      selectedArticleId: selectedArticleId ?? requested.articleId,
      focusArticleId: requested.articleId,
      onArticle: openArticle,
      onAd: openAd,
      onLocked: lock.popup.show,
      lockReason: lock.reason,
      deepZoom: {
        zoomImage: mediaUrl(mediaSuffix, current.zoomFile),
        tile: (column, row) => mediaUrl(mediaSuffix, deepTileFile(current.pageNo, column, row)),
      },
    };
  })();

  // Only a page actually shown to a signed-in reader is kept, and only once the
  // account's place is known, so a landing page drawn before it cannot replace it;
  // nor while the saved place is offered, until the reader takes it or moves on.
  usePositionSaver(
    publisher,
    entitlement.kind !== 'visitor' &&
      leftOff.known &&
      !leftOff.offer &&
      stage.kind === 'page' &&
      !content.isPlaceholderData &&
      lock.reason === null
      ? place
      : undefined,
    leftOff.saved,
  );

  const drawsOtherThanPage = stage.kind === 'missing' || stage.kind === 'failed';
  useFirstFrameHandoff(drawsOtherThanPage);
  const offerDue = useIdleAfter(images.shownSrc !== undefined || drawsOtherThanPage);

  return (
    <>
      <ReaderHeader
        brand={brand}
        hidden={barsHidden}
        viewMode={viewMode}
        onViewModeChange={setViewMode}
      />
      <OfferStrip publisher={publisher} due={offerDue} hidden={barsHidden} />
      <main
        id="main"
        tabIndex={-1}
        aria-label={`${brand.name} e-paper`}
        className={`flex min-h-dvh justify-center overflow-x-auto outline-none ${
          viewMode === 'width' ? 'pt-16 pb-20' : 'pt-12 pb-[52px]'
        }`}
        onTouchStart={turns.swipe.onTouchStart}
        onTouchEnd={turns.swipe.onTouchEnd}
      >
        <h1 className="sr-only">
          {brand.name} e-paper{editionName ? `, ${editionName}` : ''}, {formatSpokenDate(date)}
        </h1>
        <div className="w-full">
          <ReaderStage state={stage} />
        </div>
        {updating && (
          <p
            role="status"
            className="fixed top-16 left-1/2 z-20 -translate-x-1/2 rounded-full bg-brand px-4 py-1.5 text-xs font-semibold text-white shadow-lg"
          >
            Updating edition...
          </p>
        )}
        {stage.kind === 'page' && <PageArrows page={page} pageCount={pages.length} turns={turns} />}
      </main>
      <PageLockPopup lock={lock} />
      <ReaderFooter
        {...{ publisher, today, place, pages, mediaSuffix, panel }}
        hidden={barsHidden}
        editionGroups={editions.data}
        onPanelChange={setPanel}
        {...accessMarks(entitlement, entitlementPending, brand, today, edition)}
        onEdition={chooseEdition}
        onPage={turns.goToPage}
        onDate={chooseDate}
        notice={
          leftOff.offer && (
            <Suspense fallback={null}>
              <ContinueReading
                place={leftOff.offer}
                editionName={findEdition(editions.data ?? [], leftOff.offer.edition)?.edition_name}
              />
            </Suspense>
          )
        }
      />
    </>
  );
}
