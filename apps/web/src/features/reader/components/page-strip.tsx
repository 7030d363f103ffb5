// Page selector: a horizontal strip of page thumbnails (spec 1 §2). The current
// page is marked and scrolled into view when the strip opens.
import type { Page } from '@folio/core';
import { useEffect, useRef } from 'react';
import { mediaUrl } from '../../../shared/api/epaper-data.ts';

interface PageStripProps {
  id: string;
  pages: Page[];
  mediaSuffix: string;
  current: number;
  onSelect: (index: number) => void;
}

export function PageStrip({ id, pages, mediaSuffix, current, onSelect }: PageStripProps) {
  const currentRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The strip sits above the footer but after nothing in tab order that leads to it,
    // so opening it hands focus to the current page; keyboard users start where they are.
    currentRef.current?.focus({ preventScroll: true });
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);

  return (
    <nav
      id={id}
      aria-label="Pages"
      className="border-t border-ink/10 bg-white shadow-[0_-12px_24px_-16px_rgb(0_0_0/0.3)]"
    >
      <ol className="mx-auto flex max-w-[1440px] gap-3 overflow-x-auto px-3 py-3 sm:px-5">
        {pages.map((page, index) => {
          const isCurrent = index === current;
          return (
            <li key={`${page.pageNo}-${page.name}`} className="shrink-0">
              <button
                ref={isCurrent ? currentRef : undefined}
                type="button"
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => onSelect(index)}
                className="group flex w-20 flex-col items-center gap-1.5 rounded-md p-1 text-center"
              >
                <img
                  src={mediaUrl(mediaSuffix, page.imgThumbFile)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={72}
                  height={Math.round((72 * page.height) / page.width)}
                  style={{ aspectRatio: `${page.width} / ${page.height}` }}
                  className={`w-[72px] bg-paper object-cover ring-offset-1 transition ${
                    isCurrent ? 'ring-2 ring-brand' : 'ring-1 ring-ink/15 group-hover:ring-brand/60'
                  }`}
                />
                <span
                  className={`line-clamp-2 text-[11px] leading-tight ${isCurrent ? 'font-semibold text-brand' : 'text-ink-soft'}`}
                >
                  {page.displayName}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
