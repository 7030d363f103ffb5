// The search text lives in the URL (?q=), so a reload or the back button shows the
// same search. What the reader types is held here and written to the URL once
// typing has stopped for 800 ms (spec 2 §9); the URL's text is what is searched.
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_DEBOUNCE_MS } from '@folio/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const QUERY_PARAM = 'q';

/** What is searched for a text: trimmed, composed, bounded; empty sends nothing. */
export function searchTerm(text: string): string {
  return text.normalize('NFC').slice(0, MAX_SEARCH_QUERY_LENGTH).trim();
}

/** The URL holds no text that would search nothing. */
const urlText = (text: string) => (searchTerm(text) === '' ? '' : text);

export function useSearchText() {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(QUERY_PARAM) ?? '';
  const [text, setText] = useState(inUrl);
  // Back and forward change the URL under the box: the box follows it.
  const [followed, setFollowed] = useState(inUrl);
  if (inUrl !== followed) {
    setFollowed(inUrl);
    setText(inUrl);
  }

  const commit = useCallback(
    (value: string) => {
      // The box already shows this text: its own URL change is not one to follow
      // (a key pressed meanwhile must not be undone).
      setFollowed(urlText(value));
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const wanted = urlText(value);
          if (wanted === '') next.delete(QUERY_PARAM);
          else next.set(QUERY_PARAM, wanted);
          return next;
        },
        // Typing refines one search; it does not leave a history entry per pause.
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (urlText(text) === inUrl) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, inUrl, commit]);

  return {
    /** What the box shows. */
    text,
    setText,
    /** Searches the box's text now (Enter), without waiting for the pause. */
    submit: () => commit(text),
    clear: () => {
      setText('');
      commit('');
    },
    /** The text searched: the URL's. */
    term: searchTerm(inUrl),
    /** The box holds nothing to search: 'Start Searching' at once, whatever the URL still says. */
    blank: searchTerm(text) === '',
  };
}
