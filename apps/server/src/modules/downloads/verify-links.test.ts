// The short verify codes: 12 characters, the same for the same article, read back to
// the same place, refused when made with another key, tampered with, or past range.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VERIFY_CODE_LENGTH, VerifyLinks, type ArticlePlace } from './verify-links.ts';

const key = randomBytes(32);
const links = new VerifyLinks(key);
const place: ArticlePlace = {
  brand: 'dh',
  date: '2026-11-27',
  editionNumber: 2,
  pageIndex: 3,
  articleIndex: 5,
};

describe('verify codes', () => {
  it('are 12 characters of Crockford base32, stable per article and read back to its place', () => {
    const code = links.codeOf(place) ?? '';
    expect(code).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${VERIFY_CODE_LENGTH}}$`));
    expect(new VerifyLinks(Buffer.from(key)).codeOf(place)).toBe(code);
    expect(links.placeOf(code)).toEqual(place);
    expect(links.placeOf(code.toLowerCase())).toEqual(place);
  });

  it('differ for every part of the place, and each reads back to its own place', () => {
    const places: ArticlePlace[] = [
      place,
      { ...place, brand: 'pv', editionNumber: 4 },
      { ...place, date: '2026-11-28' },
      { ...place, date: '2020-06-01', pageIndex: 0, articleIndex: 0 },
      { ...place, editionNumber: 127, pageIndex: 127, articleIndex: 127 },
      { ...place, pageIndex: 4 },
      { ...place, articleIndex: 6 },
    ];
    const codes = places.map((p) => links.codeOf(p) ?? '');
    expect(new Set(codes).size).toBe(places.length);
    codes.forEach((code, i) => expect(links.placeOf(code)).toEqual(places[i]));
  });

  it('leave a place a code cannot hold to the full address', () => {
    expect(links.codeOf({ ...place, articleIndex: 128 })).toBeUndefined();
    expect(links.codeOf({ ...place, pageIndex: -1 })).toBeUndefined();
    expect(links.codeOf({ ...place, date: '2019-01-01' })).toBeUndefined();
    expect(links.codeOf({ ...place, editionNumber: 1.5 })).toBeUndefined();
  });

  it('are refused when made with another key, changed by a character, or not a code at all', () => {
    const code = links.codeOf(place) ?? '';
    expect(new VerifyLinks(randomBytes(32)).placeOf(code)).toBeUndefined();
    for (let i = 0; i < code.length; i += 1) {
      const other = code[i] === '0' ? '1' : '0';
      expect(
        links.placeOf(code.slice(0, i) + other + code.slice(i + 1)),
        `at ${i}`,
      ).toBeUndefined();
    }
    for (const bad of [
      '',
      'ABC',
      `${code}0`,
      code.slice(1),
      'UUUUUUUUUUUU',
      'IIIIIIIIIIII',
      '!!!!!!!!!!!!',
    ])
      expect(links.placeOf(bad), bad).toBeUndefined();
  });

  it('let almost no random guess through (a tag of 22 bits: about 1 in 4 million)', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    let accepted = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const guess = Array.from(randomBytes(VERIFY_CODE_LENGTH), (b) => alphabet[b % 32]).join('');
      if (links.placeOf(guess)) accepted += 1;
    }
    // One chance in about 400 that one of them passes, none that two do.
    expect(accepted).toBeLessThanOrEqual(1);
  });
});
