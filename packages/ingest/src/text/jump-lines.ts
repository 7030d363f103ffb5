// Jump lines: the line that ends the first part of a story continued on another page
// ("Continued on Page 7", Kannada "ಪುಟ 7ಕ್ಕೆ ಮುಂದುವರಿದಿದೆ") and the line that heads
// its continuation ("Continued from Page 1", "ಪುಟ 1ರಿಂದ ಮುಂದುವರಿದಿದೆ"). Kannada text
// is matched after repair (logical order), digits Latin or Kannada.

const NUMBER = '([0-9\\u0CE6-\\u0CEF]{1,3})';
const CONTINUED = "(?:continued|contd\\.?|cont'd)";
const PAGE = '(?:page|pg\\.?|p\\.)';
const KN_PAGE = 'ಪುಟ(?:ದ)?';
const NOT_IN_WORD = '(?<![\\p{L}\\p{M}])';
const KN_GOES_ON = 'ಮುಂದುವರಿ(?:ದಿದೆ|ಯುತ್ತದೆ|ಕೆ)';

/** At the end of a text: the jump to a later page. */
const JUMP_TO = [
  new RegExp(`${NOT_IN_WORD}\\(?${CONTINUED}\\s+on\\s+${PAGE}\\s*${NUMBER}\\)?[.:]?$`, 'iu'),
  new RegExp(
    `${NOT_IN_WORD}\\(?${KN_PAGE}\\s*${NUMBER}\\s*(?:ಕ್ಕೆ|ಕೆ|ಗೆ|ರಲ್ಲಿ)\\s*${KN_GOES_ON}\\)?[.:]?$`,
    'u',
  ),
];

/** At the start of a text: where the story began. */
const JUMP_FROM = [
  new RegExp(`^\\(?${CONTINUED}\\s+from\\s+${PAGE}\\s*${NUMBER}\\)?[.:]?`, 'iu'),
  new RegExp(`^\\(?${KN_PAGE}\\s*${NUMBER}\\s*(?:ರಿಂದ|ದಿಂದ|ಇಂದ)\\s*${KN_GOES_ON}\\)?[.:]?`, 'u'),
];

const pageNumber = (digits: string): number =>
  Number(
    [...digits]
      .map((ch) => (ch >= '\u0CE6' && ch <= '\u0CEF' ? String(ch.charCodeAt(0) - 0x0ce6) : ch))
      .join(''),
  );

export interface Jumped {
  /** The text without the jump line. */
  text: string;
  page: number;
}

function find(text: string, patterns: readonly RegExp[]): Jumped | undefined {
  const trimmed = text.trim();
  for (const pattern of patterns) {
    const match = pattern.exec(trimmed);
    if (match?.[1]) {
      const rest = trimmed.slice(0, match.index) + trimmed.slice(match.index + match[0].length);
      return { text: rest.trim(), page: pageNumber(match[1]) };
    }
  }
  return undefined;
}

/** The page a text's closing jump line sends the reader to, and the text without it. */
export const jumpAtEnd = (text: string): Jumped | undefined => find(text, JUMP_TO);

/** The page a continuation says its story began on, and the text without that line. */
export const jumpAtStart = (text: string): Jumped | undefined => find(text, JUMP_FROM);
