// PDF text comes out in glyph (visual) order. For Kannada that differs from Unicode's
// logical order in three ways, all seen in what pdfjs reads from pdfkit + Noto pages:
//  1. a vowel sign shaped into the first consonant of a cluster lands before the
//     virama+consonant pairs of that cluster: ಸುದ್ದಿ -> ಸುದಿ್ದ, ಪತ್ರಿಕೆ -> ಪತಿ್ರಕೆ;
//  2. the repha (ರ್ before a consonant, drawn as an arkavattu after the syllable)
//     follows its syllable: ಸರ್ಕಾರ -> ಸಕಾರ್ರ, ಧರ್ಮ -> ಧಮರ್;
//  3. two-part vowel signs come out decomposed: ಕೊ -> ಕ ೆ ೂ, ಕೀ -> ಕ ಿ ೕ.
// Case 3 is canonical decomposition, so NFC restores it once 1 and 2 are fixed.

/**
 * Stands for a repha glyph recognised by its shape (see text extraction): the glyph's
 * own text "ರ್" cannot tell a repha from a visible word-final ರ್ (ನವೆಂಬರ್).
 */
export const KANNADA_REPHA_MARK = '\uE0B0';

const RA_VIRAMA = '\u0CB0\u0CCD';
const VIRAMA = '\u0CCD';

const isConsonant = (ch: string | undefined): boolean =>
  ch !== undefined && ch >= '\u0C95' && ch <= '\u0CB9';

/** Dependent vowel signs, length marks, anusvara/visarga: what follows a syllable's base. */
const isSign = (ch: string | undefined): boolean =>
  ch !== undefined &&
  ((ch >= '\u0CBE' && ch <= '\u0CCC') ||
    ch === '\u0CD5' ||
    ch === '\u0CD6' ||
    ch === '\u0CE2' ||
    ch === '\u0CE3');

const isSyllableMark = (ch: string | undefined): boolean =>
  isSign(ch) || ch === '\u0C82' || ch === '\u0C83';

/** Moves vowel signs that sit between a consonant and its virama+consonant pairs to after them. */
function moveSignsAfterCluster(chars: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] as string;
    out.push(ch);
    i += 1;
    if (!isConsonant(ch)) continue;
    let j = i;
    while (isSign(chars[j])) j += 1;
    if (j === i || chars[j] !== VIRAMA || !isConsonant(chars[j + 1])) continue;
    const signs = chars.slice(i, j);
    while (chars[j] === VIRAMA && isConsonant(chars[j + 1])) {
      out.push(VIRAMA, chars[j + 1] as string);
      j += 2;
    }
    out.push(...signs);
    i = j;
  }
  return out;
}

/** Index where the syllable ending just before `end` starts: C (virama C)* marks*. */
function syllableStart(chars: string[], end: number): number {
  let i = end;
  // Marks, and the virama of a dead consonant (ಜುವೆಲ್ಲರ್ಸ್: the repha follows ಸ್).
  while (i > 0 && (isSyllableMark(chars[i - 1]) || chars[i - 1] === VIRAMA)) i -= 1;
  if (i === 0 || (!isConsonant(chars[i - 1]) && !isIndependentVowel(chars[i - 1]))) return end;
  i -= 1;
  while (i >= 2 && chars[i - 1] === VIRAMA && isConsonant(chars[i - 2])) i -= 2;
  return i;
}

const isIndependentVowel = (ch: string | undefined): boolean =>
  ch !== undefined && ch >= '\u0C85' && ch <= '\u0C94';

/**
 * A repha is the mark, or a plain ರ್ directly followed by a consonant or vowel sign:
 * in glyph order a ರ್ that starts a cluster never appears before its consonant.
 */
function moveRephas(chars: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] as string;
    const marked = ch === KANNADA_REPHA_MARK;
    const plain =
      ch === '\u0CB0' &&
      chars[i + 1] === VIRAMA &&
      (isConsonant(chars[i + 2]) || isSign(chars[i + 2])) &&
      isSyllableEnd(out);
    if (!marked && !plain) {
      out.push(ch);
      i += 1;
      continue;
    }
    const start = syllableStart(out, out.length);
    if (start === out.length) {
      out.push(...RA_VIRAMA);
    } else {
      out.splice(start, 0, ...RA_VIRAMA);
    }
    i += marked ? 1 : 2;
  }
  return out;
}

const isSyllableEnd = (out: string[]): boolean => {
  const last = out[out.length - 1];
  return isConsonant(last) || isSyllableMark(last) || isIndependentVowel(last);
};

/**
 * Restores logical Unicode order in Kannada text extracted from a PDF (glyph order).
 * Text without Kannada passes through unchanged apart from NFC normalisation.
 */
export function repairKannada(text: string): string {
  if (!/[\u0C80-\u0CFF\uE0B0]/u.test(text)) return text.normalize('NFC');
  const chars = [...text];
  return moveRephas(moveSignsAfterCluster(chars)).join('').normalize('NFC');
}
