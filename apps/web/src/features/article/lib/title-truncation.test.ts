import { describe, expect, it } from 'vitest';
import { readerCharacters, truncateTitle } from './title-truncation.ts';

describe('title truncation', () => {
  it('keeps a title within the limit as it is', () => {
    expect(truncateTitle('Rain lashes Bengaluru', 26)).toBe('Rain lashes Bengaluru');
    expect(truncateTitle('x'.repeat(26), 26)).toBe('x'.repeat(26));
  });

  it('cuts a longer title at the limit and adds an ellipsis, without a trailing space', () => {
    expect(truncateTitle('x'.repeat(27), 26)).toBe(`${'x'.repeat(26)}...`);
    const title = 'State cabinet clears the new water policy for the city';
    expect(truncateTitle(title, 26)).toBe('State cabinet clears the n...');
    expect(truncateTitle(title, 36)).toBe('State cabinet clears the new water p...');
    expect(truncateTitle('Twenty five characters ok and more', 26)).toBe(
      'Twenty five characters ok...',
    );
  });

  it('counts a Kannada conjunct and its vowel sign as one character', () => {
    // ಸ್ನೇ is ಸ + ್ + ನ + ೇ: one akshara.
    expect(readerCharacters('ಸ್ನೇಹ')).toEqual(['ಸ್ನೇ', 'ಹ']);
    expect(readerCharacters('ಸುದ್ದಿ')).toEqual(['ಸು', 'ದ್ದಿ']);
    expect(readerCharacters('ರಾಷ್ಟ್ರೀಯ')).toEqual(['ರಾ', 'ಷ್ಟ್ರೀ', 'ಯ']);
  });

  it('never ends a cut Kannada title inside a conjunct', () => {
    const title = 'ಬೆಂಗಳೂರಿನಲ್ಲಿ ಭಾರಿ ಮಳೆ ರಾಷ್ಟ್ರೀಯ ಸುದ್ದಿ';
    for (let limit = 1; limit < readerCharacters(title).length; limit += 1) {
      const cut = truncateTitle(title, limit);
      expect(cut.endsWith('...'), cut).toBe(true);
      const kept = cut.slice(0, -3);
      expect(title.startsWith(kept)).toBe(true);
      // The next character of the title never begins with a virama or a vowel sign.
      const rest = title.slice(kept.length).trimStart();
      expect(rest, cut).not.toMatch(/^[\u0CBC-\u0CD6]/u);
      expect(kept, cut).not.toMatch(/\u0CCD$/u);
    }
  });
});
