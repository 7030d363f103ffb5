// Previous/next page buttons fixed at the sides of the viewport (spec 1 §2),
// outside the page in fit-to-width mode's 64 px gutters.
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons.tsx';

interface PageArrowsProps {
  canGoPrevious: boolean;
  canGoNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

const ARROW =
  'fixed top-1/2 z-20 grid size-10 -translate-y-1/2 md:size-12 place-items-center rounded-full bg-white/90 text-brand ' +
  'shadow-md ring-1 ring-ink/10 transition hover:bg-white hover:shadow-lg disabled:pointer-events-none disabled:opacity-0';

export function PageArrows({ canGoPrevious, canGoNext, onPrevious, onNext }: PageArrowsProps) {
  return (
    <>
      <button
        type="button"
        aria-label="Previous page"
        disabled={!canGoPrevious}
        onClick={onPrevious}
        className={`${ARROW} left-1 md:left-2`}
      >
        <ChevronLeftIcon width={26} height={26} />
      </button>
      <button
        type="button"
        aria-label="Next page"
        disabled={!canGoNext}
        onClick={onNext}
        className={`${ARROW} right-1 md:right-2`}
      >
        <ChevronRightIcon width={26} height={26} />
      </button>
    </>
  );
}
