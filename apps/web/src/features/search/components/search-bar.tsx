// The search page's top bar (spec 2 §2 "Search"): back, the search box and its
// clear button. A search form, so Enter on a phone's keyboard searches at once.
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_TEXT } from '@folio/core';
import { useEffect, useRef } from 'react';
import { ChevronLeftIcon, CloseIcon } from '../../../shared/ui/icons.tsx';

interface SearchBarProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  onBack: () => void;
}

const ROUND_BUTTON =
  'flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5 hover:text-brand';

export function SearchBar({ text, onText, onSubmit, onClear, onBack }: SearchBarProps) {
  const box = useRef<HTMLInputElement>(null);
  // Arriving to search, the reader types straight away; arriving at a search
  // (a reload, back from a hit) the page is read first.
  const arrivedBlank = useRef(text === '');
  useEffect(() => {
    if (arrivedBlank.current) box.current?.focus();
  }, []);

  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-ink/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-2 sm:px-4">
        <button type="button" onClick={onBack} aria-label="Back" className={ROUND_BUTTON}>
          <ChevronLeftIcon width={22} height={22} />
        </button>
        <form
          role="search"
          className="relative flex-1"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <input
            ref={box}
            type="search"
            name="q"
            value={text}
            onChange={(event) => onText(event.target.value)}
            placeholder={SEARCH_TEXT.placeholder}
            aria-label="Search articles"
            maxLength={MAX_SEARCH_QUERY_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            className="h-10 w-full rounded-full border border-ink/20 bg-white pr-11 pl-4 text-base text-ink placeholder:text-ink-soft focus:border-brand focus:outline-2 focus:outline-offset-1 focus:outline-brand [&::-webkit-search-cancel-button]:hidden"
          />
          {text !== '' && (
            <button
              type="button"
              onClick={() => {
                onClear();
                box.current?.focus();
              }}
              aria-label="Clear search"
              className="absolute top-0 right-0 flex size-10 items-center justify-center rounded-full text-ink-soft hover:text-brand"
            >
              <CloseIcon width={18} height={18} />
            </button>
          )}
        </form>
      </div>
    </header>
  );
}
