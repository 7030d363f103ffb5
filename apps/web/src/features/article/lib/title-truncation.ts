// Previous / Next Article titles are cut to 26 characters on screens 768 px wide or
// narrower and 36 otherwise, with an ellipsis (spec 2 §2, §7). A "character" is
// what a reader sees as one: a grapheme cluster, with a consonant joined by a
// virama to the next one kept whole. Unicode's own conjunct rule (GB9c) covers
// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam but not Kannada, so
// ಸ್ನ in ಸ್ನೇಹ would otherwise be cut after ಸ್.

export const TITLE_CHARACTERS_NARROW = 26;
export const TITLE_CHARACTERS_WIDE = 36;

/** Viramas of the Indic scripts, optionally followed by a zero-width joiner. */
const ENDS_WITH_VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D]\u200D?$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text as the units a reader counts: grapheme clusters, conjuncts whole. */
export function readerCharacters(text: string): string[] {
  const units: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const last = units.length - 1;
    if (last >= 0 && ENDS_WITH_VIRAMA.test(units[last] ?? '')) units[last] += segment;
    else units.push(segment);
  }
  return units;
}

/** The title cut to `limit` characters with "..." when longer, never inside a conjunct. */
export function truncateTitle(title: string, limit: number): string {
  const text = title.trim();
  const units = readerCharacters(text);
  if (units.length <= limit) return text;
  return `${units.slice(0, limit).join('').trimEnd()}...`;
}
