// The discount banner's place in the reader: fixed under the header, so its
// arrival moves nothing on the page, and hidden with the header on scrolling.
// It comes after the page itself: the offer never competes with the first page's
// bytes, and its code stays off the first load.
import { Suspense, lazy } from 'react';

const DiscountBanner = lazy(() =>
  import('./discount-banner.tsx').then((m) => ({ default: m.DiscountBanner })),
);

export function OfferStrip({
  publisher,
  due,
  hidden,
}: {
  publisher: string;
  /** The page is on screen and the browser idle. */
  due: boolean;
  hidden: boolean;
}) {
  return (
    <div
      className={`fixed inset-x-0 top-12 z-20 transition-transform duration-200 ${
        hidden ? '-translate-y-[200%]' : 'translate-y-0'
      }`}
    >
      {due && (
        <Suspense fallback={null}>
          <DiscountBanner publisher={publisher} />
        </Suspense>
      )}
    </div>
  );
}
