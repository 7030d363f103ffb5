import { describe, expect, it } from 'vitest';
import { KANNADA_REPHA_MARK as R, repairKannada } from '../src/text/repair-kannada.ts';

// Left: what pdfjs reads, glyph by glyph, from pdfkit + Noto Sans Kannada pages (the
// repha glyph already recognised by its width and written as the mark). Right: the word.
const cases: Array<[string, string]> = [
  ['ಸುದಿ್ದ', 'ಸುದ್ದಿ'],
  ['ಪತಿ್ರಕೆ', 'ಪತ್ರಿಕೆ'],
  ['ಕಿ್ರಕೆಟ್', 'ಕ್ರಿಕೆಟ್'],
  ['ರಾಜ್ಯ', 'ರಾಜ್ಯ'],
  ['ಬೆಂಗಳೂರು', 'ಬೆಂಗಳೂರು'],
  ['ಮುಖ್ಯಮಂತಿ್ರ', 'ಮುಖ್ಯಮಂತ್ರಿ'],
  [`ವಿದಾ್ಯಥಿ${R}`, 'ವಿದ್ಯಾರ್ಥಿ'],
  ['ಕ\u0CC6\u0CC2ಡಗು', 'ಕೊಡಗು'],
  ['ಕ\u0CC6\u0CC2\u0CD5ಲಾರ', 'ಕೋಲಾರ'],
  ['ಕ\u0CC6\u0CD6ಗಾರಿಕೆ', 'ಕೈಗಾರಿಕೆ'],
  ['ಶಿ್ರ\u0CD5', 'ಶ್ರೀ'],
  ['ಸಿ್ತ್ರ\u0CD5', 'ಸ್ತ್ರೀ'],
  [`ಸಕಾ${R}ರ`, 'ಸರ್ಕಾರ'],
  [`ಕಾಯ${R}ಕ್ರಮ`, 'ಕಾರ್ಯಕ್ರಮ'],
  [`ಧಮ${R}`, 'ಧರ್ಮ'],
  [`ನಿಧಾ${R}ರ`, 'ನಿರ್ಧಾರ'],
  [`ಕ\u0CC6${R}\u0CC2`, 'ರ್ಕೊ'],
  [`ಜುವೆಲ್ಲಸ್${R}`, 'ಜುವೆಲ್ಲರ್ಸ್'],
  ['ಪ\u0CC6\u0CC2್ರಫೆಸರ್', 'ಪ್ರೊಫೆಸರ್'],
  ['ಹ\u0CC6\u0CC2\u0CD5ರಾಟ', 'ಹೋರಾಟ'],
];

describe('repairKannada', () => {
  it.each(cases)('restores %s as %s', (extracted, word) => {
    expect(repairKannada(extracted)).toBe(word);
  });

  it('keeps a visible word-final ರ್, which has no repha mark', () => {
    expect(repairKannada('ನವೆಂಬರ್ ಕಾರ್')).toBe('ನವೆಂಬರ್ ಕಾರ್');
  });

  it('treats a plain ರ್ before a consonant as a repha (glyph order never puts it there otherwise)', () => {
    expect(repairKannada('ಸಕಾರ್ರ')).toBe('ಸರ್ಕಾರ');
  });

  it('leaves text without Kannada alone', () => {
    expect(repairKannada('Council clears metro budget')).toBe('Council clears metro budget');
  });
});
