// Reader footer bar (spec 1 §2): edition selector, page selector (thumbnail strip)
// and date selector, with a notice above it when there is one. It hides with the
// header while scrolling down, but never while one of its panels is open.
import type { EditionGroup, Page } from '@folio/core';
import { useCallback, useRef, type ReactNode } from 'react';
import { useBottomBar } from '../../../shared/hooks/use-bottom-bar.ts';
import { useDismiss, type DismissReason } from '../../../shared/hooks/use-dismiss.ts';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { PagesIcon } from '../../../shared/ui/icons.tsx';
import { DatePicker } from './date-picker.tsx';
import { EditionSelect } from './edition-select.tsx';
import { PageStrip } from './page-strip.tsx';

export type FooterPanel = 'pages' | 'calendar' | null;

interface ReaderFooterProps {
  hidden: boolean;
  publisher: string;
  today: string;
  place: PagePlace;
  editionGroups: EditionGroup[] | undefined;
  pages: Page[];
  mediaSuffix: string;
  panel: FooterPanel;
  onPanelChange: (panel: FooterPanel) => void;
  onEdition: (edition: number) => void;
  onPage: (index: number) => void;
  onDate: (date: string) => void;
  /** Days the calendar draws locked for this reader. */
  isDateLocked: (date: string) => boolean;
  /** Editions the selector draws locked for this reader (none while that is not known). */
  isEditionLocked?: (edition: number) => boolean;
  /** Shown above the bar while no panel is open. */
  notice?: ReactNode;
}

const STRIP_ID = 'reader-page-strip';

export function ReaderFooter(props: ReaderFooterProps) {
  const { place, pages, panel, onPanelChange } = props;
  const footerRef = useRef<HTMLElement>(null);
  useBottomBar(footerRef);
  const stripRootRef = useRef<HTMLDivElement>(null);
  const stripToggleRef = useRef<HTMLButtonElement>(null);
  const closeStrip = useCallback(
    (reason: DismissReason) => {
      onPanelChange(null);
      if (reason === 'escape') stripToggleRef.current?.focus();
    },
    [onPanelChange],
  );
  useDismiss(stripRootRef, panel === 'pages', closeStrip);

  const hasPages = pages.length > 0;
  const hidden = props.hidden && panel === null;

  return (
    <footer
      ref={footerRef}
      className={`fixed inset-x-0 bottom-0 z-30 transition-transform duration-300 ${
        hidden ? 'translate-y-full focus-within:translate-y-0' : 'translate-y-0'
      }`}
    >
      {panel === null && props.notice}
      <div ref={stripRootRef}>
        {panel === 'pages' && hasPages && (
          <PageStrip
            id={STRIP_ID}
            pages={pages}
            mediaSuffix={props.mediaSuffix}
            current={place.page}
            onSelect={(index) => {
              props.onPage(index);
              onPanelChange(null);
            }}
          />
        )}
        <div className="border-t border-ink/10 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-[52px] max-w-[1440px] items-center justify-between gap-2 px-3 sm:px-5">
            <div className="min-w-0 flex-1">
              <EditionSelect
                groups={props.editionGroups}
                edition={place.edition}
                isLocked={props.isEditionLocked}
                onChange={props.onEdition}
              />
            </div>
            <button
              ref={stripToggleRef}
              type="button"
              aria-expanded={panel === 'pages'}
              aria-controls={STRIP_ID}
              disabled={!hasPages}
              onClick={() => onPanelChange(panel === 'pages' ? null : 'pages')}
              className="flex h-9 shrink-0 items-center gap-2 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand disabled:opacity-40 sm:px-4"
            >
              <PagesIcon className="text-brand" />
              <span className="tabular-nums">
                <span className="sr-only sm:not-sr-only">Page </span>
                {hasPages ? `${place.page + 1} / ${pages.length}` : '–'}
              </span>
            </button>
            <div className="flex flex-1 justify-end">
              <DatePicker
                publisher={props.publisher}
                selected={place.date}
                today={props.today}
                open={panel === 'calendar'}
                onOpenChange={(open) => onPanelChange(open ? 'calendar' : null)}
                onSelect={props.onDate}
                isLocked={props.isDateLocked}
              />
            </div>
          </div>
        </div>
      </div>
    </footer>
  );
}
