// Previous/next page buttons fixed at the sides of the viewport (spec 1 §2),
// outside the page in fit-to-width mode's 64 px gutters.
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons.tsx';

interface PageArrowsProps {
  page: number;
  pageCount: number;
  turns: { previousPage: () => void; nextPage: () => void };
}

const ARROW =
  'fixed top-1/2 z-20 grid size-10 -translate-y-1/2 md:size-12 place-items-center rounded-full bg-white/90 text-brand ' +
  'shadow-md ring-1 ring-ink/10 transition hover:bg-white hover:shadow-lg disabled:pointer-events-none disabled:opacity-0';

export function PageArrows({ page, pageCount, turns }: PageArrowsProps) {
  const arrows = [
    {
      label: 'Previous page',
      enabled: page > 0,
      onClick: turns.previousPage,
      side: 'left-1 md:left-2',
      Chevron: ChevronLeftIcon,
    },
    {
      label: 'Next page',
      enabled: page < pageCount - 1,
      onClick: turns.nextPage,
      side: 'right-1 md:right-2',
      Chevron: ChevronRightIcon,
    },
  ];
  return (
    <>
      {arrows.map(({ label, enabled, onClick, side, Chevron }) => (
        <button
          key={label}
          type="button"
          aria-label={label}
          disabled={!enabled}
          onClick={onClick}
          className={`${ARROW} ${side}`}
        >
          <Chevron width={26} height={26} />
        </button>
      ))}
    </>
  );
}
