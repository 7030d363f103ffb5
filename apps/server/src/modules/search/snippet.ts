// The description of an open hit: about 200 characters of the article's text
// around the first word the query matched, or its start. Cut at spaces only, so
// no Kannada syllable (or any other character) is split.
import { kannadaKeyedWords } from '@folio/core';
import type { SearchLanguage } from './search-rows.ts';

export const SNIPPET_LENGTH = 200;
/** How much text is shown before the matched word. */
const LEAD = 60;

/** Where the first word matching the query starts, or -1. */
function firstMatch(body: string, language: SearchLanguage, key: string): number {
  const wanted = key.split(' ').filter((word) => word !== '');
  if (wanted.length === 0) return -1;
  if (language === 'kn') {
    const words = new Set(wanted);
    return kannadaKeyedWords(body).find((word) => words.has(word.key))?.start ?? -1;
  }
  // English: a body word sharing the first letters (up to five) of a query word,
  // which covers plurals and -ing/-ed forms the `english` stemmer matched.
  const prefixes = wanted
    .flatMap((word) => word.split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, Math.min(5, word.length)));
  if (prefixes.length === 0) return -1;
  for (const match of body.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    if (prefixes.some((prefix) => word.startsWith(prefix))) return match.index;
  }
  return -1;
}

export function snippetOf(body: string, language: SearchLanguage, key: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_LENGTH) return text;
  const at = firstMatch(text, language, key);
  let start = 0;
  if (at > LEAD) {
    const space = text.indexOf(' ', at - LEAD);
    start = space === -1 || space >= at ? at : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
