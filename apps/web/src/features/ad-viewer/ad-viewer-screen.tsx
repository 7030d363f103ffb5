// /ad-viewer/{adId}?imageFile&date&edition&pageNumber (spec 2 §2 "Advertisement
// viewer"): the advertisement a reader tapped, with zoom in and out; the text and
// listen controls of the article reader are shown disabled, since an ad has no
// text. Closing returns to the same date, edition and page, scrolled where the
// reader was. The image is the one the edition's data names for this ad: the
// imageFile in the address is only the link's hint and is never fetched as given.
import { MESSAGES } from '@folio/core';
import { useParams } from 'react-router';
import { mediaUrl } from '../../shared/api/epaper-data.ts';
import { useHotspotPlace } from '../../shared/hooks/use-hotspot-place.ts';
import { useSteppedValue } from '../../shared/hooks/use-stepped-value.ts';
import { IMAGE_ZOOM } from '../../shared/lib/reading-controls.ts';
import { HotspotBody, HotspotViewer } from '../../shared/ui/hotspot-viewer.tsx';
import { ReadingToolbar } from '../../shared/ui/reading-toolbar.tsx';
import { TOOLBAR_BUTTON, ZoomControls } from '../../shared/ui/zoom-controls.tsx';
import { ZOOMED_SHEET, ZoomPane, zoomWidth } from '../../shared/ui/zoom-pane.tsx';

const TEXTS = {
  loading: 'Loading advertisement...',
  thing: 'advertisement',
  notFound: MESSAGES.adNotFound,
} as const;

export function AdViewerScreen() {
  const { adId = '' } = useParams();
  const place = useHotspotPlace({
    id: adId,
    editionParam: 'edition',
    pick: (page, id) => page.ads.find((ad) => ad.id === id),
  });
  const zoom = useSteppedValue(IMAGE_ZOOM);

  return (
    <HotspotViewer
      brand={place.brand}
      place={place}
      closeLabel="Close advertisement"
      toolbar={
        place.found && (
          <ReadingToolbar label="Advertisement controls">
            <ZoomControls zoom={zoom.value} onZoom={zoom.step} />
            {/* Spec 2 §2: an advertisement has no text to show or read aloud. */}
            <button type="button" className={TOOLBAR_BUTTON} disabled>
              Text view
            </button>
            <button type="button" className={TOOLBAR_BUTTON} disabled>
              Listen
            </button>
          </ReadingToolbar>
        )
      }
    >
      <HotspotBody place={place} texts={TEXTS}>
        {(found, data) => (
          <ZoomPane loading={TEXTS.loading} failed={MESSAGES.adImageNotFound}>
            {(events) => (
              <img
                src={mediaUrl(data.data_url_suffix, found.hotspot.imgFile)}
                alt="Advertisement"
                draggable={false}
                {...events}
                className={`mx-auto block max-w-none ${ZOOMED_SHEET}`}
                style={{ width: zoomWidth(zoom.value) }}
              />
            )}
          </ZoomPane>
        )}
      </HotspotBody>
    </HotspotViewer>
  );
}
